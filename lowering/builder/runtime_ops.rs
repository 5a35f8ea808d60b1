//! Ops used by the run-time support code (streams, checks, nested calls,
//! write-conflict resolution).

use super::Body;

impl Body {}
