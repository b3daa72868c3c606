//! The SVG read back as XML: every hex, its fill, the pieces and the coordinates are where the
//! rules and the geometry put them.

use std::collections::HashMap;

use cescacs_board::{Hex, Letters, Position};
use cescacs_diagram::{Diagram, Layout, PALETTE};

fn numbers(points: &str) -> Vec<(f64, f64)> {
    points
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect()
}

fn check(position: &Position, flip: bool) {
    let svg = Diagram::new(position).flipped(flip).to_svg();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let layout = Layout::new(flip);
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.attribute("width"), Some(format!("{:.0}", layout.width()).as_str()));
    // Self-contained: nothing points outside the document.
    assert!(!svg.contains("href"), "no external resource");

    let hexes: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("hex ")))
        .collect();
    assert_eq!(hexes.len(), 169);
    let mut seen = HashMap::new();
    for node in &hexes {
        let hex: Hex = node.attribute("data-hex").expect("data-hex").parse().expect("a hex");
        assert!(seen.insert(hex, ()).is_none(), "{hex} drawn twice");
        assert_eq!(node.attribute("fill"), Some(PALETTE.hex(hex.colour())), "{hex}");
        let corners = numbers(node.attribute("points").expect("points"));
        assert_eq!(corners.len(), 6);
        let cx = corners.iter().map(|p| p.0).sum::<f64>() / 6.0;
        let cy = corners.iter().map(|p| p.1).sum::<f64>() / 6.0;
        let c = layout.centre(hex);
        assert!((cx - c.x).abs() < 0.02 && (cy - c.y).abs() < 0.02, "{hex} centred at {cx},{cy}");
        for (x, y) in corners {
            let distance = ((x - c.x).powi(2) + (y - c.y).powi(2)).sqrt();
            assert!((distance - layout.radius).abs() < 0.02, "{hex}: corner off the circle");
        }
    }

    let pieces: Vec<_> =
        doc.descendants().filter(|n| n.attribute("class") == Some("piece")).collect();
    assert_eq!(pieces.len(), position.pieces().count());
    for node in pieces {
        let hex: Hex = node.attribute("data-hex").expect("data-hex").parse().expect("a hex");
        let piece = position.piece_at(hex).expect("a piece is drawn only where one stands");
        assert_eq!(node.attribute("data-piece"), Some(piece.letter().to_string().as_str()));
        let circle = node.children().find(|n| n.has_tag_name("circle")).expect("a disc");
        let c = layout.centre(hex);
        let cx: f64 = circle.attribute("cx").expect("cx").parse().expect("number");
        let cy: f64 = circle.attribute("cy").expect("cy").parse().expect("number");
        assert!((cx - c.x).abs() < 0.01 && (cy - c.y).abs() < 0.01, "{hex}");
        let text = node.children().find(|n| n.has_tag_name("text")).expect("a letter");
        assert_eq!(text.text(), Some(Letters::standard().letter(piece).to_string().as_str()));
    }

    let labels = |class: &str| -> Vec<(String, f64, f64)> {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .map(|n| {
                let x = n.attribute("x").expect("x").parse().expect("x");
                let y = n.attribute("y").expect("y").parse().expect("y");
                (n.text().unwrap_or_default().to_string(), x, y)
            })
            .collect()
    };
    let columns = labels("coord column");
    assert_eq!(columns.len(), 30);
    for column in cescacs_board::Column::ALL {
        let at: Vec<_> = columns.iter().filter(|(t, ..)| *t == column.to_string()).collect();
        assert_eq!(at.len(), 2, "column {column} labelled top and bottom");
        let any = Hex::all().find(|h| h.column() == column).expect("a hex of the column");
        for (_, x, _) in at {
            assert!((x - layout.centre(any).x).abs() < 0.01, "column {column} label over it");
        }
    }
    let lines = labels("coord line");
    assert_eq!(lines.len(), 58);
    for line in 0..=28 {
        let at: Vec<_> = lines.iter().filter(|(t, ..)| *t == line.to_string()).collect();
        assert_eq!(at.len(), 2, "line {line} labelled left and right");
        let y = layout.point(7, line).y;
        for (_, _, ly) in at {
            assert!((ly - y).abs() < 6.0, "line {line} label level with it");
        }
    }
}

#[test]
fn initial_position() {
    check(&Position::initial(), false);
}

#[test]
fn initial_position_flipped() {
    check(&Position::initial(), true);
    let flipped = Layout::new(true);
    let f0 = flipped.centre("F0".parse().unwrap());
    let f28 = flipped.centre("F28".parse().unwrap());
    assert!(f0.y < f28.y, "flipped: White's side at the top");
    let z7 = flipped.centre("Z7".parse().unwrap());
    let p7 = flipped.centre("P7".parse().unwrap());
    assert!(z7.x < p7.x, "flipped: column Z on the left");
}

#[test]
fn a_position_with_moved_and_missing_pieces() {
    let mut p = Position::initial();
    let at = |s: &str| -> Hex { s.parse().expect("a hex") };
    let bishop = p.set_piece(at("F6"), None);
    p.set_piece(at("C15"), bishop);
    p.set_piece(at("I23"), None);
    p.set_piece(at("G27"), None);
    check(&p, false);
    check(&p, true);
}

#[test]
fn last_move_is_highlighted_under_the_pieces() {
    let p = Position::initial();
    let svg = Diagram::new(&p).last_move("E7".parse().unwrap(), "E13".parse().unwrap()).to_svg();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let marks: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("last-move")))
        .map(|n| (n.attribute("class").unwrap_or(""), n.attribute("data-hex").unwrap_or("")))
        .collect();
    assert_eq!(marks, [("last-move from", "E7"), ("last-move to", "E13")]);
    let mark = svg.find("last-move").expect("marks");
    assert!(mark < svg.find("class=\"piece\"").expect("pieces"), "pieces drawn over the marks");
}

#[test]
fn titles_are_escaped() {
    let p = Position::initial();
    let svg = Diagram::new(&p).title("a < b & \"c\"").to_svg();
    assert!(roxmltree::Document::parse(&svg).is_ok());
    assert!(svg.contains("<title>a &lt; b &amp; &quot;c&quot;</title>"));
}
