//! A real editor: Debian's Neovim (0.7.2) runs the Neovim 0.7 recipe of docs/EDITORS.md, taken
//! from the doc file itself (so that the doc cannot drift from what works), opens a corpus file
//! with an error, and the server's diagnostic must arrive in the buffer; `tagfunc` and
//! `omnifunc` must be the language server's.
//!
//! It needs `nvim`, which a Rust toolchain does not bring (`apt-get install -y neovim`). Without
//! it the test is reported to the harness as ignored (not as passed), except when `CI` is set:
//! then it fails, so CI (whose `.ci/run` installs Neovim and sets `CI`) cannot pass without
//! running it.

use std::path::Path;
use std::process::Command;

use libtest_mimic::{Arguments, Failed, Trial};

const NAME: &str = "debians_neovim_runs_the_recipe_of_the_docs";

/// What is missing to run Neovim, if anything.
fn missing() -> Option<String> {
    match Command::new("nvim").args(["--headless", "--version"]).output() {
        Err(e) => Some(format!("nvim cannot be run ({e}); apt-get install -y neovim")),
        Ok(out) if !out.status.success() => Some("`nvim --version` failed".to_string()),
        Ok(_) => None,
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut trial = Trial::test(NAME, drive);
    if let Some(why) = missing() {
        if std::env::var_os("CI").is_some() {
            trial = Trial::test(NAME, move || {
                Err(format!("CI is set but the Neovim test cannot run: {why}").into())
            });
        } else {
            eprintln!("nvim_recipe: ignored: {why}");
            trial = trial.with_ignored_flag(true);
        }
    }
    libtest_mimic::run(&args, vec![trial]).exit();
}

/// The Lua block that follows the paragraph opening with `Neovim 0.7 ` in docs/EDITORS.md.
fn recipe() -> Result<String, Failed> {
    let doc_path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/EDITORS.md");
    let doc = std::fs::read_to_string(doc_path).map_err(|e| format!("{doc_path}: {e}"))?;
    let at = doc
        .lines()
        .scan(0, |offset, line| {
            let start = *offset;
            *offset += line.len() + 1;
            Some((start, line))
        })
        .find(|(_, line)| line.starts_with("Neovim 0.7 "))
        .map(|(start, _)| start)
        .ok_or("docs/EDITORS.md has no paragraph starting `Neovim 0.7 `")?;
    let block = doc[at..].find("```lua\n").ok_or("no Lua block after the 0.7 paragraph")? + at + 7;
    let end = doc[block..].find("```").ok_or("the Lua block is not closed")? + block;
    Ok(doc[block..end].to_string())
}

fn drive() -> Result<(), Failed> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let harness = include_str!("nvim/harness.lua");
    let init = dir.path().join("init.lua");
    std::fs::write(&init, format!("{}\n{harness}", recipe()?)).map_err(|e| e.to_string())?;
    let out = dir.path().join("out.txt");
    let file =
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/invalid/edge-capture-written-x.ctl-pgn");
    // `cescacs` on the PATH, as the recipe expects; no user configuration or state.
    let bin = Path::new(env!("CARGO_BIN_EXE_cescacs")).parent().ok_or("the binary's directory")?;
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .map_err(|e| e.to_string())?;
    let home = dir.path();
    let run = Command::new("nvim")
        .args(["--headless", "-n", "-i", "NONE", "-u"])
        .arg(&init)
        .arg(file)
        .current_dir(home)
        .env("PATH", path)
        .env("CESCACS_NVIM_OUT", &out)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .output()
        .map_err(|e| format!("nvim cannot be run: {e}"))?;
    let said =
        format!("{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    let found = std::fs::read_to_string(&out)
        .map_err(|e| format!("Neovim wrote nothing ({e}); it said:\n{said}"))?;
    let expected = [
        "filetype=ctl-pgn",
        "tagfunc=v:lua.vim.lsp.tagfunc",
        "omnifunc=v:lua.vim.lsp.omnifunc",
        "diagnostic=4:6:E0206:expected `×` or `*` for the capture, found `x`",
    ];
    let lines: Vec<&str> = found.lines().collect();
    if lines != expected {
        return Err(format!(
            "Neovim has:\n{found}\nexpected:\n{}\nit said:\n{said}",
            expected.join("\n")
        )
        .into());
    }
    Ok(())
}
