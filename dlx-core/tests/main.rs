//! Integration tests of dlx-core (one test binary, several modules).

mod common;
mod xc_files;

mod api;
mod fuzz_regressions;
mod oracle;
mod parallel;
mod text_format;
