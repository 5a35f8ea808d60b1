//! DaCe's schedule, storage, lifetime and instrumentation enums
//! (`dace.dtypes.ScheduleType`, `StorageType`, `AllocationLifetime`,
//! `InstrumentationType`, `DataInstrumentationType` of DaCe 1.0.2), parsed
//! once where a file or the IR is read and printed back with DaCe's spelling.

use std::fmt;
use std::str::FromStr;

/// A name that is not a member of the DaCe enum it should belong to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} `{value}` (not a member of dace.dtypes.{dace})")]
pub struct UnknownValue {
    /// What the value is (`schedule`, `storage`, `lifetime`).
    pub kind: &'static str,
    /// The DaCe class that lists the members.
    pub dace: &'static str,
    pub value: String,
}

/// One enum with DaCe's spellings; its first member is DaCe's default.
macro_rules! dace_enum {
    (
        $(#[$doc:meta])*
        $name:ident ($kind:literal, $dace:literal),
        { $first:ident = $first_text:literal, $($variant:ident = $text:literal,)* }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub enum $name {
            /// DaCe's default, which files leave out.
            #[default]
            $first,
            $($variant,)*
        }

        impl $name {
            /// Every member, in DaCe's order.
            pub const ALL: &'static [$name] = &[$name::$first, $($name::$variant,)*];

            /// DaCe's spelling, as `.sdfg` files and the dialect write it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $name::$first => $first_text,
                    $($name::$variant => $text,)*
                }
            }

            /// Whether this is DaCe's default, which files leave out.
            pub fn is_default(self) -> bool {
                self == $name::$first
            }
        }

        impl FromStr for $name {
            type Err = UnknownValue;

            fn from_str(s: &str) -> Result<$name, UnknownValue> {
                match s {
                    $first_text => Ok($name::$first),
                    $($text => Ok($name::$variant),)*
                    _ => Err(UnknownValue { kind: $kind, dace: $dace, value: s.to_string() }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

dace_enum! {
    /// How a map or consume scope runs.
    Schedule("schedule", "ScheduleType"), {
        Default = "Default",
        Sequential = "Sequential",
        Mpi = "MPI",
        CpuMulticore = "CPU_Multicore",
        CpuPersistent = "CPU_Persistent",
        Unrolled = "Unrolled",
        SveMap = "SVE_Map",
        GpuDefault = "GPU_Default",
        GpuDevice = "GPU_Device",
        GpuThreadBlock = "GPU_ThreadBlock",
        GpuThreadBlockDynamic = "GPU_ThreadBlock_Dynamic",
        GpuPersistent = "GPU_Persistent",
        FpgaDevice = "FPGA_Device",
        Snitch = "Snitch",
        SnitchMulticore = "Snitch_Multicore",
        FpgaMultiPumped = "FPGA_Multi_Pumped",
    }
}

dace_enum! {
    /// Where a container lives.
    Storage("storage", "StorageType"), {
        Default = "Default",
        Register = "Register",
        CpuPinned = "CPU_Pinned",
        CpuHeap = "CPU_Heap",
        CpuThreadLocal = "CPU_ThreadLocal",
        GpuGlobal = "GPU_Global",
        GpuShared = "GPU_Shared",
        FpgaGlobal = "FPGA_Global",
        FpgaLocal = "FPGA_Local",
        FpgaRegisters = "FPGA_Registers",
        FpgaShiftRegister = "FPGA_ShiftRegister",
        SveRegister = "SVE_Register",
        SnitchTcdm = "Snitch_TCDM",
        SnitchL2 = "Snitch_L2",
        SnitchSsr = "Snitch_SSR",
    }
}

dace_enum! {
    /// When a container is allocated and freed.
    Lifetime("lifetime", "AllocationLifetime"), {
        Scope = "Scope",
        State = "State",
        Sdfg = "SDFG",
        Global = "Global",
        Persistent = "Persistent",
        External = "External",
    }
}

dace_enum! {
    /// How an SDFG, state, scope, tasklet or nested SDFG is instrumented
    /// (its `instrument` property).
    Instrumentation("instrumentation", "InstrumentationType"), {
        NoInstrumentation = "No_Instrumentation",
        Timer = "Timer",
        PapiCounters = "PAPI_Counters",
        LikwidCpu = "LIKWID_CPU",
        LikwidGpu = "LIKWID_GPU",
        GpuEvents = "GPU_Events",
        Fpga = "FPGA",
    }
}

dace_enum! {
    /// How an access node's data is instrumented (its `instrument`
    /// property; also a state's `symbol_instrument`).
    DataInstrumentation("data instrumentation", "DataInstrumentationType"), {
        NoInstrumentation = "No_Instrumentation",
        Save = "Save",
        Restore = "Restore",
    }
}

impl Schedule {
    /// One of the schedules that run on CPU threads (DaCe's `CPU_SCHEDULES`).
    pub fn is_cpu_parallel(self) -> bool {
        matches!(self, Schedule::CpuMulticore | Schedule::CpuPersistent)
    }

    /// A GPU kernel or block schedule (DaCe's `GPU_SCHEDULES`).
    pub fn is_gpu(self) -> bool {
        matches!(
            self,
            Schedule::GpuDevice | Schedule::GpuThreadBlock | Schedule::GpuThreadBlockDynamic | Schedule::GpuPersistent
        )
    }
}

impl Storage {
    /// Memory of a GPU.
    pub fn is_gpu(self) -> bool {
        matches!(self, Storage::GpuGlobal | Storage::GpuShared)
    }
}

impl Lifetime {
    /// Allocated beyond one call of the program (`Persistent`, `External`):
    /// such data cannot live in registers or become a symbol.
    pub fn outlives_call(self) -> bool {
        matches!(self, Lifetime::Persistent | Lifetime::External)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_member_parses_back_from_its_name() {
        for s in Schedule::ALL {
            assert_eq!(s.as_str().parse::<Schedule>(), Ok(*s));
        }
        for s in Storage::ALL {
            assert_eq!(s.as_str().parse::<Storage>(), Ok(*s));
        }
        for l in Lifetime::ALL {
            assert_eq!(l.as_str().parse::<Lifetime>(), Ok(*l));
        }
        for i in Instrumentation::ALL {
            assert_eq!(i.as_str().parse::<Instrumentation>(), Ok(*i));
        }
        for i in DataInstrumentation::ALL {
            assert_eq!(i.as_str().parse::<DataInstrumentation>(), Ok(*i));
        }
        assert_eq!((Schedule::ALL.len(), Storage::ALL.len(), Lifetime::ALL.len()), (16, 15, 6));
        assert_eq!((Instrumentation::ALL.len(), DataInstrumentation::ALL.len()), (7, 3));
    }

    #[test]
    fn defaults_are_dace_defaults() {
        assert_eq!(Schedule::default().as_str(), "Default");
        assert_eq!(Storage::default().as_str(), "Default");
        assert_eq!(Lifetime::default().as_str(), "Scope");
        assert!(Lifetime::Scope.is_default() && !Lifetime::Sdfg.is_default());
    }

    #[test]
    fn unknown_names_are_errors() {
        let e = "Disk".parse::<Storage>().unwrap_err();
        assert_eq!(e.to_string(), "unknown storage `Disk` (not a member of dace.dtypes.StorageType)");
        assert!("cpu_multicore".parse::<Schedule>().is_err());
        assert!("Forever".parse::<Lifetime>().is_err());
        let e = "GPU_TX_MARKERS".parse::<Instrumentation>().unwrap_err();
        assert_eq!(e.to_string(), "unknown instrumentation `GPU_TX_MARKERS` (not a member of dace.dtypes.InstrumentationType)");
        assert!("Timer".parse::<DataInstrumentation>().is_err());
    }

    #[test]
    fn predicates() {
        assert!(Schedule::CpuMulticore.is_cpu_parallel() && !Schedule::Default.is_cpu_parallel());
        assert!(Schedule::GpuDevice.is_gpu() && !Schedule::GpuDefault.is_gpu());
        assert!(Storage::GpuShared.is_gpu() && !Storage::CpuHeap.is_gpu());
        assert!(Lifetime::External.outlives_call() && !Lifetime::Global.outlives_call());
    }
}
