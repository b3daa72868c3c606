//! `cargo xtask gen`: the games of `cescacs-gen` (crates/cescacs-gen) written one file each,
//! reproducible from a seed.

use std::path::PathBuf;

use cescacs_gen::{Features, file_name, generate_game_with};

/// The options of `cargo xtask gen`.
pub struct Options {
    seed: u64,
    games: usize,
    out: PathBuf,
    max_plies: usize,
    features: Features,
}

/// Reads `--seed S --games N --out DIR [--max-plies M] [--rich] [--comments] [--variations]
/// [--hyphen] [--letters] [--marks] [--escapes]`.
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut seed = None;
    let mut games = None;
    let mut out = None;
    let mut max_plies = 160;
    let mut features = Features::PLAIN;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("`{flag}` needs a value"));
        let number =
            |v: &String| v.parse::<u64>().map_err(|_| format!("`{flag}`: `{v}` is not a number"));
        match flag.as_str() {
            "--seed" => seed = Some(number(value()?)?),
            "--games" => games = Some(number(value()?)? as usize),
            "--max-plies" => max_plies = number(value()?)? as usize,
            "--out" => out = Some(PathBuf::from(value()?)),
            "--rich" => features = Features::RICH,
            "--comments" => features.comments = true,
            "--variations" => features.variations = true,
            "--hyphen" => features.hyphen = true,
            "--letters" => features.letters = true,
            "--marks" => features.marks = true,
            "--escapes" => features.escapes = true,
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    Ok(Options {
        seed: seed.ok_or("missing `--seed S`")?,
        games: games.ok_or("missing `--games N`")?,
        out: out.ok_or("missing `--out DIR`")?,
        max_plies: max_plies.max(1),
        features,
    })
}

/// Writes the games, one file each: `DIR/gen-SEED-NNNNN.ctl-pgn`.
pub fn run(options: &Options) -> Result<(), String> {
    std::fs::create_dir_all(&options.out)
        .map_err(|e| format!("cannot create {}: {e}", options.out.display()))?;
    for i in 0..options.games {
        let text = generate_game_with(options.seed, i, options.max_plies, &options.features).text;
        let path = options.out.join(file_name(options.seed, i));
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    eprintln!("wrote {} games to {}", options.games, options.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options() {
        let args: Vec<String> =
            ["--seed", "3", "--games", "2", "--out", "x"].iter().map(|s| s.to_string()).collect();
        let o = parse_args(&args).unwrap();
        assert_eq!((o.seed, o.games, o.max_plies, o.features), (3, 2, 160, Features::PLAIN));
        assert!(parse_args(&args[..2]).is_err());
        let rich: Vec<String> = args.iter().cloned().chain(["--rich".to_string()]).collect();
        assert_eq!(parse_args(&rich).unwrap().features, Features::RICH);
        let some: Vec<String> =
            args.iter().cloned().chain(["--hyphen".into(), "--marks".into()]).collect();
        let f = parse_args(&some).unwrap().features;
        assert!(f.hyphen && f.marks && !f.comments && f.any());
    }
}
