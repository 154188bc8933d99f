//! The interactive session.
use std::process::ExitCode;

pub fn main(_variant: &str) -> ExitCode {
    ExitCode::from(2)
}
