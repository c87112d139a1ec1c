//! `tumble view`: the window viewer.
use super::CliError;
use clap::Args;

/// Arguments of `tumble view`.
#[derive(Args, Debug)]
pub struct ViewArgs {}

/// Runs `tumble view`.
pub fn run(_args: ViewArgs) -> Result<i32, CliError> {
    Err(CliError::Input("the viewer is not built yet".into()))
}
