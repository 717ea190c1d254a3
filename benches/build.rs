//! Compiles `c/dlx1.c`, the C baseline of the engine benchmark (see
//! `src/dlx1c.rs`), with `-O2` in every profile: the speed target is stated
//! against Knuth's DLX1 built with `gcc -O2`, so the baseline must not change
//! with the profile that builds the benches.

fn main() {
    println!("cargo:rerun-if-changed=c/dlx1.c");
    println!("cargo:rerun-if-changed=c/dlx1.h");
    cc::Build::new()
        .file("c/dlx1.c")
        .include("c")
        .std("c99")
        .opt_level(2)
        .warnings(true)
        .extra_warnings(true)
        .compile("dlx1c");
}
