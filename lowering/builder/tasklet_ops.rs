//! Ops used by tasklets, copies, callbacks and library arguments.

use super::Body;

impl Body {}
