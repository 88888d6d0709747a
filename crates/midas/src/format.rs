//! Word formats (manual node Words): how the fields of a word, by their
//! pattern of spaces and commas, are put together; `.FORMAT` changes the
//! table. Done as real MIDAS does it (GETWRD, INTFLD in `midas.458`), which
//! is what its binaries show: the format number is the pattern's first
//! five marks (field or null, then space or comma ...), and its table entry
//! three 12-bit byte specs (position and size) for the last field, the one
//! before, and the first. Fields are put in from the last: a right-half
//! spec (`0022`) adds into the right half without carry, any other adds
//! into the whole word.

use crate::assemble::Value;
use pdp10_isa::{HALF_MASK, WORD_MASK};

/// The format table MIDAS starts each pass with, for format numbers 10 to
/// 37 (octal); 0 is "Undefined format".
pub(crate) const INITIAL: [u64; 24] = [
    0,              // 10 ,
    0,              // 11 impossible
    0,              // 12 ,,
    0o2200_000000,  // 13 ,,C
    0o2200000000,   // 14 ,B
    0,              // 15 ,B C
    0,              // 16 ,B,
    0,              // 17 ,B,C
    0o4400000000,   // 20 A
    0,              // 21
    0,              // 22
    0,              // 23
    0o2200440000,   // 24 A B
    0o2200220044,   // 25 A B C
    0o270400440000, // 26 A B,
    0o2227040044,   // 27 A B,C
    0o4400000000,   // 30 A,
    0,              // 31
    0o22220000,     // 32 A,,
    0o2200002222,   // 33 A,,C
    0o2200440000,   // 34 A,B
    0,              // 35 A,B C
    0,              // 36 A,B,
    0,              // 37 A,B,C
];

/// A piece of a word, once its fields have values.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Piece {
    Field(Value),
    Space,
    Comma,
    DoubleComma,
}

/// Why the fields of a word make no word.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Refusal {
    /// Real MIDAS: "Comma past the 3rd field of a word" (an error there,
    /// ETR in COMMA of `midas.458`; it goes on with a word of its own).
    CommaPastThird,
    /// Real MIDAS: "Undefined format", and a zero word.
    Undefined,
}

/// The word the pieces make with the format table `table`, or why not.
pub(crate) fn combine(
    pieces: &[Piece],
    table: &[u64; 24],
    initial: Value,
) -> Result<Value, Refusal> {
    let (fields, marks) = fields_and_marks(pieces).ok_or(Refusal::Undefined)?;
    // COMMA: a comma that ends a field when two are already ended.
    for (ended, pair) in marks.chunks(2).enumerate() {
        if pair.get(1) == Some(&true) && ended >= 2 {
            return Err(Refusal::CommaPastThird);
        }
    }
    combine_fields(&fields, &marks, table, initial).ok_or(Refusal::Undefined)
}

fn combine_fields(
    fields: &[Option<Value>],
    marks: &[bool],
    table: &[u64; 24],
    initial: Value,
) -> Option<Value> {
    if fields.is_empty() {
        return Some(initial);
    }
    let number = marks
        .iter()
        .chain(std::iter::repeat(&false))
        .take(5)
        .fold(0usize, |n, &m| (n << 1) | m as usize);
    let specs = table.get(number.checked_sub(0o10)?).copied().unwrap_or(0);
    if specs == 0 {
        return None;
    }
    // An I/O instruction's AC field is its device (INTIOW).
    let io = fields.first().is_some_and(|f| f.is_some_and(|v| v.io));
    let mut word = initial;
    let mut group = 0;
    for (i, field) in fields.iter().enumerate().rev() {
        let mut spec = (specs >> (24 - 12 * group)) & 0o7777;
        if i <= 2 {
            group = (group + 1).min(2);
        }
        let mut v = field.unwrap_or_default();
        let field = match crate::assemble::field_of_spec(spec) {
            // An I/O instruction's device field is no AC field.
            crate::assemble::AC_HIGH if io => crate::assemble::OTHER,
            f => f,
        };
        v.glob = v.glob.place(field);
        if io && (spec == 0o2704 || spec == 0o504) {
            v = v.map(|x| x & !3);
            spec += 0o105;
        }
        let (position, size) = (spec >> 6, spec & 0o77);
        let mask = if size >= 36 {
            WORD_MASK
        } else {
            (1 << size) - 1
        };
        let placed = v.map(|x| (x & mask).checked_shl(position as u32).unwrap_or(0));
        // A field's globals come before those of the fields after it (real
        // MIDAS writes `A,,A`'s left-half reference first).
        let glob = placed.glob.merge(word.glob, 1);
        word = if spec == 0o0022 {
            Value::op2(word, placed, |w, c| {
                (w & !HALF_MASK) | (w.wrapping_add(c) & HALF_MASK)
            })
        } else {
            Value::op2(word, placed, u64::wrapping_add)
        };
        word.io |= v.io;
        word.glob = glob;
    }
    Some(word)
}

/// The fields of a word (a null one between commas is `None`; a null last
/// field is not one) and the marks that make its format number: for each
/// field whether it is there, then whether a comma ends it.
/// `None` for two fields with no separator between them.
#[allow(clippy::type_complexity)]
fn fields_and_marks(pieces: &[Piece]) -> Option<(Vec<Option<Value>>, Vec<bool>)> {
    // Spaces next to commas, and at either end, do not count.
    let mut p: Vec<Piece> = Vec::new();
    for &piece in pieces {
        match piece {
            Piece::Space => {
                if matches!(p.last(), Some(Piece::Field(_))) {
                    p.push(Piece::Space);
                }
            }
            Piece::Comma | Piece::DoubleComma => {
                if matches!(p.last(), Some(Piece::Space)) {
                    p.pop();
                }
                p.push(piece);
            }
            Piece::Field(_) => p.push(piece),
        }
    }
    if matches!(p.last(), Some(Piece::Space)) {
        p.pop();
    }
    let mut fields = Vec::new();
    let mut marks = Vec::new();
    let mut current: Option<Value> = None;
    let mut end_field = |current: &mut Option<Value>, comma: bool| {
        marks.push(current.is_some());
        marks.push(comma);
        fields.push(current.take());
    };
    for piece in p {
        match piece {
            Piece::Field(v) => {
                if current.is_some() {
                    return None;
                }
                current = Some(v);
            }
            Piece::Space => end_field(&mut current, false),
            Piece::Comma => end_field(&mut current, true),
            Piece::DoubleComma => {
                end_field(&mut current, true);
                end_field(&mut current, true);
            }
        }
    }
    if current.is_some() {
        marks.push(true);
        fields.push(current);
    }
    Some((fields, marks))
}
