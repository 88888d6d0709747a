//! `.GO` and `.TAG`: jumps while a macro, REPEAT or IRP is expanded
//! (manual node Jumping; A.GO and A.TAG in `midas.458`).
//!
//! `.TAG name` does nothing but read its name and the character after it
//! (a line end with it). `.GO name` looks for `.TAG name` in the text of
//! the innermost macro, REPEAT or IRP being expanded, from its beginning,
//! and goes on reading after it; if that text has none, the expansion is
//! left (a REPEAT or IRP with the passes it still had) and the one that
//! called it is searched, and so on. Real MIDAS then goes on reading the
//! file as if nothing happened; we call that an error.

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::parse::{is_squoze, key};
use crate::source::Span;

impl Assembler<'_> {
    /// The name after `.GO` or `.TAG` (GSYL): blanks, then a squoze run,
    /// whose terminating character is read too. As written (its first six
    /// characters are what counts).
    fn jump_name(&mut self) -> String {
        self.reader.skip_blanks();
        let mut name = String::new();
        while let Some(c) = self.reader.peek().filter(|&c| is_squoze(c)) {
            self.reader.next();
            name.push(c);
        }
        self.reader.next();
        name
    }

    /// `.TAG name`.
    pub(crate) fn tag(&mut self) {
        self.jump_name();
    }

    /// `.GO name`.
    pub(crate) fn go(&mut self, at: Span) {
        let name = self.jump_name();
        if !self.reader.go_to(|text| find_tag(text, &key(&name))) {
            self.error(
                at,
                ErrorKind::Syntax,
                format!(
                    ".GO {name}: no .TAG {name} in the macros, REPEATs and IRPs being expanded"
                ),
            );
        }
    }
}

/// Where reading resumes after the first `.TAG name` in `text`: past the
/// character that ends the name (A.GST: any `.` followed by `TAG`).
fn find_tag(text: &str, name: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find('.') {
        let start = from + i + 1;
        let word: String = text[start..]
            .chars()
            .take_while(|&c| is_squoze(c))
            .collect();
        from = start;
        if key(&word) != "TAG" {
            continue;
        }
        let mut pos = start + word.len();
        let rest = &text[pos..];
        let blanks = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        pos += blanks;
        let tag: String = text[pos..].chars().take_while(|&c| is_squoze(c)).collect();
        pos += tag.len();
        // The name must be ended by a character before the text ends.
        let end = text[pos..].chars().next()?;
        if key(&tag) == name {
            return Some(pos + end.len_utf8());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::find_tag;

    #[test]
    fn a_tag_is_found_past_its_terminator() {
        assert_eq!(find_tag("A\n.TAG FOO\nB", "FOO"), Some(11));
        assert_eq!(find_tag(".TAG FOOBARBAZ X", "FOOBAR"), Some(15));
        assert_eq!(find_tag(".TAG FOO", "FOO"), None);
        assert_eq!(find_tag(".TAG BAR\n.TAG FOO ", "FOO"), Some(18));
        assert_eq!(find_tag(".TAGX FOO\n", "FOO"), None);
    }
}
