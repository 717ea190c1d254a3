//! Integration tests of dlx-core (one test binary, several modules).

mod common;
mod xc_files;
