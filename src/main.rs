//! The `tumble` command; see `tumble --help`.
fn main() {
    std::process::exit(tumble::cli::main());
}
