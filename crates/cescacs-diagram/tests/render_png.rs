//! The SVG rendered to pixels by a real renderer (resvg): hex fills and piece discs are where
//! the geometry says. `BLESS=1` also writes `docs/board-initial.png`, the picture in the README.

use cescacs_board::{Colour, Hex, Position};
use cescacs_diagram::{Diagram, Layout, PALETTE, PieceStyle};
use resvg::{tiny_skia, usvg};

fn render(svg: &str) -> tiny_skia::Pixmap {
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(svg, &options).expect("the SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("a canvas");
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
}

fn rgb(colour: &str) -> [u8; 3] {
    let hex = colour.trim_start_matches('#');
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("a hex colour");
    [byte(0), byte(2), byte(4)]
}

fn pixel(pixmap: &tiny_skia::Pixmap, x: f64, y: f64) -> [u8; 3] {
    let p = pixmap.pixel(x.round() as u32, y.round() as u32).expect("inside the picture");
    [p.red(), p.green(), p.blue()]
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 3)
}

fn check_pixels(position: &Position, flip: bool) {
    let svg = Diagram::new(position).flipped(flip).to_svg();
    let pixmap = render(&svg);
    let layout = Layout::new(flip);
    assert_eq!(pixmap.width(), layout.width().round() as u32);
    for hex in Hex::all() {
        let c = layout.centre(hex);
        match position.piece_at(hex) {
            None => {
                let found = pixel(&pixmap, c.x, c.y);
                assert!(close(found, rgb(PALETTE.hex(hex.colour()))), "{hex}: {found:?}");
            }
            Some(piece) => {
                // Inside the disc, left of the letter.
                let found = pixel(&pixmap, c.x - layout.radius * 0.52, c.y);
                let disc = match piece.colour {
                    Colour::White => PALETTE.white_piece,
                    Colour::Black => PALETTE.black_piece,
                };
                assert!(close(found, rgb(disc)), "{piece:?} on {hex}: {found:?}");
                // Between the disc and the hex edge, the hex colour shows.
                let found = pixel(&pixmap, c.x, c.y + layout.radius * 0.77);
                assert!(close(found, rgb(PALETTE.hex(hex.colour()))), "rim of {hex}: {found:?}");
            }
        }
    }
}

#[test]
fn initial_position_pixels_match_the_geometry() {
    check_pixels(&Position::initial(), false);
}

#[test]
fn flipped_pixels_match_the_geometry() {
    check_pixels(&Position::initial(), true);
}

#[test]
fn letters_are_drawn_in_the_discs() {
    let svg = Diagram::new(&Position::initial()).to_svg();
    let pixmap = render(&svg);
    let layout = Layout::new(false);
    // The King's disc holds dark ink (its letter) somewhere near the centre.
    let c = layout.centre("G1".parse().unwrap());
    let dark = (-6..=6)
        .flat_map(|dx| (-6..=6).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| {
            pixel(&pixmap, c.x + f64::from(dx), c.y + f64::from(dy)).iter().all(|&v| v < 100)
        })
        .count();
    assert!(dark > 10, "no letter drawn on G1 ({dark} dark pixels): is a font installed?");
}

#[test]
fn symbols_style_renders() {
    let svg = Diagram::new(&Position::initial()).pieces(PieceStyle::Symbols).to_svg();
    let pixmap = render(&svg);
    assert!(pixmap.width() > 0);
}

#[test]
fn initial_position_png_for_the_readme() {
    let svg = Diagram::new(&Position::initial()).title("C'escacs: the initial position").to_svg();
    let png = render(&svg).encode_png().expect("PNG encoding");
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-initial.png");
    std::fs::write(&out, &png).expect("write the PNG");
    let docs = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/board-initial.png");
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(docs, &png).expect("write docs/board-initial.png");
    }
    let committed = std::fs::read(docs).expect("docs/board-initial.png is committed (BLESS=1)");
    assert!(committed.starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[test]
fn last_move_is_visible_around_the_piece() {
    let mut p = Position::initial();
    let (from, to): (Hex, Hex) = ("F6".parse().unwrap(), "C15".parse().unwrap());
    let bishop = p.set_piece(from, None);
    p.set_piece(to, bishop);
    let svg = Diagram::new(&p).last_move(from, to).to_svg();
    let pixmap = render(&svg);
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-last-move.png");
    std::fs::write(&out, pixmap.encode_png().expect("PNG encoding")).expect("write the PNG");
    let layout = Layout::new(false);
    for hex in [from, to] {
        let c = layout.centre(hex);
        let plain = rgb(PALETTE.hex(hex.colour()));
        let found = pixel(&pixmap, c.x, c.y + layout.radius * 0.77);
        let blue = rgb(PALETTE.last_move);
        // The overlay pulls the hex colour towards the highlight colour.
        let nearer = |a: [u8; 3], b: [u8; 3]| {
            a.iter().zip(b).map(|(x, y)| x.abs_diff(y) as u32).sum::<u32>()
        };
        assert!(nearer(found, blue) < nearer(plain, blue), "{hex}: {found:?}");
    }
}
