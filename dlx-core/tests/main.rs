//! Integration tests of dlx-core (one test binary, several modules).

mod common;
mod xc_files;
mod xcc_files;

mod api;
mod cost_files;
mod fuzz_regressions;
mod hostile;
mod hostile2;
mod hostile_lazy;
mod hostile_look;
mod hostile_xcc;
mod memo;
mod old_names;
mod oracle;
mod oracle_cost;
mod oracle_xcc;
mod parallel;
mod reduce;
mod stopping;
mod text_format;
