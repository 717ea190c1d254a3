#[path = "gen_tmp.rs"]
mod gen_tmp;
