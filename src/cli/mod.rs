//! The command line: clap subcommands per engine; stdin/stdout by default; exit 0 on success,
//! 1 on a puzzle-level failure where a spec says so, 2 on bad input or usage
//! (`../shared/DESIGN.md`, "CLI").

mod box_cmd;
mod box_words;
mod demo;
#[cfg(feature = "gui")]
mod display;
mod error;
mod excerpt;
mod mine_cmd;
mod mine_map;
mod mine_solve;
mod ohno_cmd;
mod output;
mod talk_cmd;
#[cfg(feature = "gui")]
mod view;

pub use demo::BUILT_IN as BUILT_IN_DEMOS;
pub use error::CliError;

use clap::{Parser, Subcommand};
use std::io::Write;

/// tumble: simulate, solve and animate grid puzzles with gravity.
#[derive(Parser, Debug)]
#[command(name = "tumble", version, about, long_about = None, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "Examples:
  tumble box .........@...o....ooo..xox... '+>|<-v+^+'
  tumble box .........@...o....ooo..xox... '+>|<-v+^+' --gif out.gif
  tumble box .........@...o....ooo..xox... '+>|<-v+^+' --gif smooth.gif --fps 20
  tumble box solve .........@...o....ooo..xox...
  tumble mine run map.txt LDRDDULULLDDL --json
  tumble mine solve map.txt --time-limit 10
  tumble ohno solve board.txt --steps --gif steps.gif
  tumble demo figure1 --gif figure1.gif
  tumble view box .........@...o....ooo..xox... '+>|<-v+^+'
  tumble talk tour --out tour.html   (the bundled talk as one page that plays like the viewer)
  tumble view mine map.txt          (play it yourself)";

#[derive(Subcommand, Debug)]
enum Command {
    /// The box: shubbles, smoles and a stot in a 29-cell box that turns.
    Box(box_cmd::BoxArgs),
    /// The mine: ICFP 2012 Lambda Lifting (run and score routes, animate them).
    Mine(mine_cmd::MineArgs),
    /// 0h n0: solve boards, explain each deduction, animate the solution, generate puzzles.
    Ohno(ohno_cmd::OhnoArgs),
    /// List the bundled demos, or export one.
    Demo(demo::DemoArgs),
    /// Give a talk (a TOML file of items) in the window, or write it as one web page (--out talk.html).
    Talk(talk_cmd::TalkArgs),
    /// Watch an animation in a window, or play a puzzle yourself (needs a display).
    #[cfg(feature = "gui")]
    View(view::ViewArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(after_help = "Install, for example:\n  \
        bash: tumble completions bash > ~/.local/share/bash-completion/completions/tumble\n  \
        zsh:  tumble completions zsh > ~/.zfunc/_tumble   (with fpath+=~/.zfunc before compinit in ~/.zshrc)\n  \
        fish: tumble completions fish > ~/.config/fish/completions/tumble.fish")]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// The presenter view of a running viewer (started by key N; reads where the show is on
    /// standard input).
    #[cfg(feature = "gui")]
    #[command(hide = true, name = "presenter-view")]
    PresenterView {
        /// Light or dark.
        #[arg(long, value_enum, default_value_t)]
        theme: crate::theme::Theme,
        /// The talk's title, for the window's title.
        #[arg(long, default_value = "")]
        title: String,
    },
}

/// Parses a command line (the program name first) as a person types it. Values that begin
/// with `-` are taken as typed where a value is due (box moves such as `-<` or `---`). The
/// box's words are read by the rule of [`box_words`] (options anywhere, also after moves that
/// begin with `-`; `--` is the moves after the state unless the moves follow it). For the
/// other commands clap reads a last lone `--` as the end of the options with nothing after
/// it, so when it was the last word and the route is missing, it is `--`.
///
/// # Errors
/// clap's usage errors (and the `--help`/`--version` answers).
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    let mut cli = Cli::try_parse_from(box_words::as_typed(args.clone(), <Cli as clap::CommandFactory>::command()))?;
    let separators = args.iter().filter(|a| *a == "--").count();
    if separators == 1 && args.last().is_some_and(|a| a == "--") {
        let missing = match &mut cli.command {
            Command::Box(b) if b.solve.is_none() && b.state.is_some() => Some(&mut b.moves),
            Command::Mine(m) => m.trailing_value(),
            #[cfg(feature = "gui")]
            Command::View(v) => v.trailing_value(),
            _ => None,
        };
        if let Some(slot @ None) = missing {
            *slot = Some("--".to_string());
        }
    }
    Ok(cli)
}

/// Prints the completion script for `shell` (clap_complete) on standard output.
fn completions(shell: clap_complete::Shell) -> Result<i32, CliError> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut <Cli as clap::CommandFactory>::command(), "tumble", &mut script);
    output::print_text(&String::from_utf8_lossy(&script))?;
    Ok(0)
}

/// The commands that read everything from standard input when given nothing else.
const STDIN_COMMANDS: [&[&str]; 4] = [&["box"], &["box", "solve"], &["ohno", "solve"], &["mine", "solve"]];

/// The help of the command `args` names (the program name first), when it is one of
/// [`STDIN_COMMANDS`] with nothing after it and standard input is a terminal: with nothing to
/// read, a person typing the bare command gets its usage rather than a silent wait.
fn bare_command_help(args: &[std::ffi::OsString]) -> Option<String> {
    use std::io::IsTerminal;
    let words: Vec<&str> = args.iter().skip(1).map(|a| a.to_str()).collect::<Option<_>>()?;
    if !STDIN_COMMANDS.contains(&words.as_slice()) || !std::io::stdin().is_terminal() {
        return None;
    }
    let mut cmd = <Cli as clap::CommandFactory>::command();
    let mut sub = &mut cmd;
    for w in &words {
        sub = sub.find_subcommand_mut(w)?;
    }
    let name = format!("tumble {}", words.join(" "));
    let usage = sub.clone().bin_name(name.clone()).render_usage();
    Some(format!(
        "tumble: {name} reads from standard input when no argument gives its input, and standard input is \
         this terminal: give the input, or pipe it in.\n\n{usage}\n\nFor more information, try '{name} --help'.\n"
    ))
}

/// Runs tumble with the process's arguments and returns the exit code.
pub fn main() -> i32 {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(help) = bare_command_help(&args) {
        eprint!("{help}");
        return 2;
    }
    let cli = match parse(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    if let Err(e) = crate::export::cancel::install() {
        eprintln!("tumble: warning: cannot handle Ctrl-C cleanly: {e}");
    }
    let result = match cli.command {
        Command::Box(args) => box_cmd::run(args),
        Command::Demo(args) => demo::run(args),
        Command::Mine(args) => mine_cmd::run(args),
        Command::Ohno(args) => ohno_cmd::run(args),
        Command::Talk(args) => talk_cmd::run(args),
        #[cfg(feature = "gui")]
        Command::View(args) => view::run(args),
        Command::Completions { shell } => completions(shell),
        #[cfg(feature = "gui")]
        Command::PresenterView { theme, title } => {
            crate::viewer::notes_window::run(theme, &title).map(|()| 0).map_err(CliError::Input)
        }
    };
    match result {
        // A signal that the command answered by stopping early (the viewer closes, a game
        // prints its moves so far): the signal's exit code all the same.
        Ok(_) if crate::export::cancel::requested() => {
            eprintln!("tumble: {}", crate::export::cancel::message());
            crate::export::cancel::exit_code()
        }
        Ok(code) => code,
        Err(e) if e.interrupted() => {
            let _ = std::io::stdout().flush();
            eprintln!("tumble: {}", crate::export::cancel::message());
            e.exit_code()
        }
        Err(e) => {
            let _ = std::io::stdout().flush();
            eprintln!("tumble: error: {e}");
            e.exit_code()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    /// A state for the tests: Figure 1(a) of the box spec.
    const S: &str = ".........@...o....ooo..xox...";

    fn as_typed(args: Vec<OsString>) -> Vec<OsString> {
        box_words::as_typed(args, <Cli as clap::CommandFactory>::command())
    }

    fn os(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_box_words_follow_the_real_commands_options() {
        // `--gif` takes a value, so `-` after it is the file (standard output), not the moves.
        assert_eq!(
            as_typed(os(&["tumble", "box", S, "--gif", "-", "--", "--ascii"])),
            os(&["tumble", "box", "--gif", "-", "--ascii", "--", S, "--"])
        );
        // The view's own options may come before `box`; `--at` (a global option) takes a value.
        #[cfg(feature = "gui")]
        assert_eq!(
            as_typed(os(&["tumble", "view", "--theme", "dark", "box", S, "--", "--at", "1"])),
            os(&["tumble", "view", "--theme", "dark", "box", "--at", "1", "--", S, "--"])
        );
        let other = os(&["tumble", "mine", "run", "map.txt", "--", "--json"]);
        assert_eq!(as_typed(other.clone()), other);
    }
}
