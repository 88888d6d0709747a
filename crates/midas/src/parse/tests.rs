use super::*;

fn word_items(s: &str) -> Vec<Item> {
    match statement(s, 8).unwrap().body {
        Body::Word(w) => w.items,
        other => panic!("{other:?}"),
    }
}

#[test]
fn labels_and_assignments() {
    let s = statement("FOO: BAR:: MOVE A,B", 8).unwrap();
    assert_eq!(s.labels.len(), 2);
    assert!(s.labels[1].half_killed);
    let s = statement("constants==:5", 8).unwrap();
    assert!(
        matches!(s.body, Body::Assign { ref name, half_killed: true, no_redefine: true, .. } if name == "CONSTA")
    );
    assert!(matches!(
        statement(".=100", 8).unwrap().body,
        Body::SetLocation(_)
    ));
    assert!(matches!(
        statement("LOC 100", 8).unwrap().body,
        Body::Pseudo {
            op: Pseudo::Loc,
            ..
        }
    ));
}

#[test]
fn numbers() {
    let n = |s: &str| match &word_items(s)[0] {
        Item::Field(Expr::Syllable(Syllable::Number(v), _)) => *v,
        other => panic!("{other:?}"),
    };
    // The manual's table in node Numbers.
    assert_eq!(n("23"), 0o23);
    assert_eq!(n("23."), 0o27);
    assert_eq!(n("3^3"), 0o3000);
    assert_eq!(n("3.^3"), 0o5670);
    assert_eq!(n("1.5_3"), 0o14);
    assert_eq!(n("1.5"), 0o201600_000000);
    assert_eq!(n("17'"), 0o17);
    assert_eq!(n("\"+"), 0o53);
    assert_eq!(n("^C"), 3);
    assert_eq!(n("'TTY"), 0o646471);
    assert_eq!(n("'A"), 0o41);
}

#[test]
fn errors() {
    let e = statement("MOVE A,[1", 8).unwrap_err();
    assert_eq!((e.offset, e.message.as_str()), (7, "unterminated literal"));
    let e = statement("MOVE A,B)", 8).unwrap_err();
    assert_eq!(e.message, "unmatched )");
    let e = statement("[FOO: 1]", 8).unwrap_err();
    assert_eq!(e.message, "labels are not allowed inside a literal");
}
