//! The NPBench kernels, their SDFG variants and one `sdfg-run` of a variant.

use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
    time::Instant,
};

/// Seconds one compile-and-run may take before it counts as a hang.
const TIME_LIMIT: u32 = 600;

pub struct Kernel {
    pub name: String,
    /// `../shared/npbench/NAME.json`.
    pub manifest: PathBuf,
    /// `../shared/npbench/sdfg`.
    sdfg_dir: PathBuf,
    /// `../shared/npbench/kernels/NAME/NAME_dace.py:FUNC` (the program
    /// NPBench calls).
    python: PathBuf,
}

impl Kernel {
    /// Every kernel with a manifest, sorted by name.
    pub fn all(dir: &Path) -> Vec<Kernel> {
        let mut kernels: Vec<Kernel> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .map(|manifest| {
                let json: serde_json::Value = serde_json::from_str(&fs::read_to_string(&manifest).unwrap())
                    .unwrap_or_else(|e| panic!("{}: {e}", manifest.display()));
                let name = json["name"].as_str().expect("manifest name").to_string();
                let func = json["npbench"]["func_name"].as_str().expect("npbench.func_name");
                let python = dir.join("kernels").join(&name).join(format!("{name}_dace.py:{func}"));
                Kernel { name, manifest, sdfg_dir: dir.join("sdfg"), python }
            })
            .collect();
        kernels.sort_by(|a, b| a.name.cmp(&b.name));
        kernels
    }

    /// DaCe's SDFG of `variant`'s source (`None` for a kernel DaCe could not make it of).
    fn sdfg(&self, variant: Variant) -> Option<PathBuf> {
        let file = match variant {
            Variant::Python => self.python.clone(),
            _ => self.sdfg_dir.join(format!("{}.{}.sdfg", self.name, variant.source())),
        };
        let path = file.to_str()?.split_once(".py:").map_or(file.clone(), |(p, _)| PathBuf::from(format!("{p}.py")));
        let exists = path.exists();
        exists.then_some(file)
    }

    pub fn has(&self, variant: Variant) -> bool {
        self.sdfg(variant).is_some()
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Variant {
    Frontend,
    Simplified,
    AutoOpt,
    /// Our `--sdfg-simplify` of DaCe's frontend SDFG.
    OurSimplify,
    /// Our `--sdfg-auto-optimize` of DaCe's frontend SDFG.
    OurAutoOpt,
    /// Our frontend's SDFG of the DaCe program (`NAME_dace.py`).
    Python,
}

impl Variant {
    pub const ALL: [Variant; 6] =
        [Variant::Frontend, Variant::Simplified, Variant::AutoOpt, Variant::OurSimplify, Variant::OurAutoOpt, Variant::Python];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Frontend => "frontend",
            Variant::Simplified => "simplified",
            Variant::AutoOpt => "autoopt",
            Variant::OurSimplify => "our-simplify",
            Variant::OurAutoOpt => "our-autoopt",
            Variant::Python => "python",
        }
    }

    /// The DaCe variant the program comes from.
    fn source(self) -> &'static str {
        match self {
            Variant::Simplified => "simplified",
            Variant::AutoOpt => "autoopt",
            _ => "frontend",
        }
    }

    /// The `sdfg-opt` flag we apply, if any.
    fn our_pipeline(self) -> Option<&'static str> {
        match self {
            Variant::OurSimplify => Some("--sdfg-simplify"),
            Variant::OurAutoOpt => Some("--sdfg-auto-optimize=device=cpu"),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    pub aot: bool,
    pub threads: u32,
}

impl Config {
    pub const ALL: [Config; 4] = [
        Config { aot: false, threads: 2 },
        Config { aot: true, threads: 1 },
        Config { aot: false, threads: 1 },
        Config { aot: true, threads: 2 },
    ];

    pub fn name(self) -> String {
        format!("{}-{}t", if self.aot { "aot" } else { "jit" }, self.threads)
    }
}

pub enum Outcome {
    Pass,
    /// Exit status 1: an error or wrong outputs; the message.
    Fail(String),
    /// Killed by a signal, or an exit status other than 0 and 1.
    Crash(String),
    Hang,
}

impl Outcome {
    pub fn summary(&self) -> String {
        match self {
            Outcome::Pass => "pass".into(),
            Outcome::Fail(m) => format!("FAIL: {}", first_line(m)),
            Outcome::Crash(m) => format!("CRASH: {}", first_line(m)),
            Outcome::Hang => format!("HANG (over {TIME_LIMIT} s)"),
        }
    }

    pub fn detail(&self) -> String {
        match self {
            Outcome::Fail(m) | Outcome::Crash(m) => format!("{}\n{}", self.summary(), tail(m, 1500)),
            _ => self.summary(),
        }
    }
}

fn first_line(text: &str) -> &str {
    let line = text.lines().rev().find(|l| l.contains("error")).or_else(|| text.lines().last()).unwrap_or("");
    &line[..line.len().min(300)]
}

fn tail(text: &str, n: usize) -> &str {
    let start = text.len().saturating_sub(n);
    let start = (start..text.len()).find(|&i| text.is_char_boundary(i)).unwrap_or(text.len());
    &text[start..]
}

pub struct Binaries {
    pub run: PathBuf,
    pub opt: PathBuf,
    pub translate: PathBuf,
}

/// A line of `expected-failures.txt`: `KERNEL VARIANT [CONFIG]: why`.
pub struct ExpectedFailure {
    kernel: String,
    variant: String,
    config: Option<String>,
}

impl ExpectedFailure {
    pub fn matches(&self, kernel: &str, variant: Variant, config: Config) -> bool {
        self.kernel == kernel
            && (self.variant == "*" || self.variant == variant.name())
            && self.config.as_ref().is_none_or(|c| *c == config.name())
    }
}

pub fn expected_failures(file: &Path) -> Vec<ExpectedFailure> {
    let text = fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let head = l.split_once(':').map_or(l, |(h, _)| h);
            let words: Vec<&str> = head.split_whitespace().collect();
            assert!(words.len() >= 2, "{}: bad line '{l}'", file.display());
            ExpectedFailure {
                kernel: words[0].to_string(),
                variant: words[1].to_string(),
                config: words.get(2).map(|c| c.to_string()),
            }
        })
        .collect()
}

/// Makes `NAME.npz` for the kernels whose data is missing.
pub fn make_data(root: &Path, data: &Path, kernels: &[Kernel]) {
    let missing: Vec<&str> =
        kernels.iter().map(|k| k.name.as_str()).filter(|n| !data.join(format!("{n}.npz")).exists()).collect();
    if missing.is_empty() {
        return;
    }
    let python = root.join(".venv/bin/python");
    let status = Command::new(&python)
        .arg(root.join("../shared/npbench/make_data.py"))
        .arg("--out")
        .arg(data)
        .args(&missing)
        .status()
        .unwrap_or_else(|e| panic!("cannot run {} (scripts/setup.sh makes it): {e}", python.display()));
    assert!(status.success(), "make_data.py failed for {missing:?}");
}

/// Compiles and runs one variant of `kernel`; the outcome and the seconds it took.
pub fn run(bins: &Binaries, kernel: &Kernel, variant: Variant, config: Config, data: &Path, work: &Path) -> (Outcome, f64) {
    let start = Instant::now();
    let dir = work.join(format!("{}-{}-{}", kernel.name, variant.name(), config.name()));
    let _ = fs::create_dir_all(&dir);
    let source = kernel.sdfg(variant).expect("variant exists");
    let program = match variant.our_pipeline() {
        None => source,
        Some(flag) => match transform(bins, &source, flag, &dir) {
            Ok(p) => p,
            Err(outcome) => return (outcome, start.elapsed().as_secs_f64()),
        },
    };
    let npz = data.join(format!("{}.npz", kernel.name));
    let mut cmd = limited(&bins.run);
    cmd.arg(&program).arg("--inputs").arg(&npz).arg("--expected").arg(&npz).arg("--manifest").arg(&kernel.manifest);
    cmd.arg("--engine").arg(if config.aot { "aot" } else { "jit" });
    cmd.env("OMP_NUM_THREADS", config.threads.to_string()).env("TMPDIR", &dir);
    let outcome = outcome_of(&mut cmd);
    if matches!(outcome, Outcome::Pass) {
        let _ = fs::remove_dir_all(&dir);
    }
    (outcome, start.elapsed().as_secs_f64())
}

/// `sdfg-translate --import-sdfg`, then `sdfg-opt FLAG`: the path of the result.
fn transform(bins: &Binaries, source: &Path, flag: &str, dir: &Path) -> Result<PathBuf, Outcome> {
    let imported = dir.join("imported.mlir");
    let transformed = dir.join("transformed.mlir");
    let mut import = limited(&bins.translate);
    import.arg("--import-sdfg").arg(source).arg("-o").arg(&imported);
    match outcome_of(&mut import) {
        Outcome::Pass => {}
        other => return Err(other),
    }
    let mut opt = limited(&bins.opt);
    opt.arg(&imported).arg(flag).arg("-o").arg(&transformed);
    match outcome_of(&mut opt) {
        Outcome::Pass => Ok(transformed),
        other => Err(other),
    }
}

/// `program` under `timeout`: it is killed after [`TIME_LIMIT`] seconds.
fn limited(program: &Path) -> Command {
    let mut cmd = Command::new("timeout");
    cmd.arg("-k").arg("10").arg(TIME_LIMIT.to_string()).arg(program);
    cmd
}

fn outcome_of(cmd: &mut Command) -> Outcome {
    let output = match cmd.output() {
        Ok(o) => o,
        Err(e) => return Outcome::Crash(format!("cannot start: {e}")),
    };
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    match output.status.code() {
        Some(0) => Outcome::Pass,
        Some(1) => Outcome::Fail(stderr),
        Some(124) | Some(137) => Outcome::Hang,
        Some(c) if c > 128 => Outcome::Crash(format!("signal {}: {stderr}", c - 128)),
        Some(c) => Outcome::Crash(format!("exit status {c}: {stderr}")),
        None => Outcome::Crash(format!("killed by a signal: {stderr}")),
    }
}
