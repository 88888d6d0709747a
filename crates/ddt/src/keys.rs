//! Characters as DDT reads them: `$` and ESC, `^X` in text, which typed
//! characters make DDT act, and how it echoes them.

pub(crate) fn is_altmode(c: char) -> bool {
    c == '$' || c == '\u{1b}'
}

pub(crate) fn is_symbol_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '.' || c == '%'
}

/// Turns DDT ORDER's `^X` (uparrow and a letter) into the control
/// character; `^` before anything else is the uparrow command.
pub(crate) fn controls(line: &str) -> Vec<char> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('^', Some(&n)) if n.is_ascii_alphabetic() || "[\\]_@".contains(n) => {
                out.push(((n.to_ascii_uppercase() as u8) ^ 0o100) as char);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// Whether `typed` (characters typed at a terminal) ends with a command
/// character, so that DDT acts now, as it does on each typed character:
/// `/ [ ] = : ^` TAB LF `^N`, or an altmode command's letter; not inside
/// text type-in, nor in a colon command or after `$L`/`$Y` (those wait for
/// the line's end).
pub fn command_complete(typed: &str) -> bool {
    enum State {
        Normal,
        Alt { alts: u8, digits: bool },
        Text,
        Char,
        Line,
    }
    if typed.starts_with(':') {
        return false;
    }
    let mut state = State::Normal;
    let mut complete = false;
    for c in typed.chars() {
        complete = false;
        state = match state {
            State::Line => State::Line,
            State::Text if is_altmode(c) => State::Normal,
            State::Text => State::Text,
            State::Char => State::Normal,
            State::Normal if is_altmode(c) => State::Alt {
                alts: 1,
                digits: false,
            },
            State::Normal => {
                complete = "/[]=:^\t\n\u{e}".contains(c);
                State::Normal
            }
            State::Alt {
                alts: 1,
                digits: false,
            } if is_altmode(c) => State::Alt {
                alts: 2,
                digits: false,
            },
            State::Alt { alts, .. } if c.is_ascii_digit() => State::Alt { alts, digits: true },
            State::Alt { digits: true, .. } if c == '"' || c == '\'' => State::Text,
            State::Alt { digits: true, .. } if c == '#' => State::Char,
            State::Alt { .. } => match c.to_ascii_uppercase() {
                '.' | 'Q' => State::Normal,
                'L' | 'Y' => State::Line,
                _ => {
                    complete = true;
                    State::Normal
                }
            },
        };
    }
    complete
}

/// How DDT echoes a character it reads.
pub fn echo_of(c: char) -> String {
    match c {
        '\u{1b}' => "$".to_string(),
        '\t' | '\n' | '\r' => String::new(),
        c if (c as u32) < 0o40 => format!("^{}", ((c as u8) + 0o100) as char),
        c => c.to_string(),
    }
}

/// The reader's place in a line.
pub(crate) struct Reader<'a> {
    pub(crate) chars: &'a [char],
    pub(crate) pos: usize,
    /// Characters echoed so far.
    pub(crate) echoed: usize,
}

impl Reader<'_> {
    pub(crate) fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::command_complete;

    #[test]
    fn which_typed_characters_make_ddt_act() {
        for done in [
            "100/", "GO[", "5=", "FOO:", "\t", "\n", "^", "\u{e}", "$G", "100$1B", "$$S",
            "\u{1b}P", "3$10R",
        ] {
            assert!(command_complete(done), "{done:?}");
        }
        for not_yet in [
            "100", "GO+", "$", "$$", "$1", "$.", "$Q", "$1\"AB/", "$1#", ":KILL", "$L FOO/",
            "MOVE A,",
        ] {
            assert!(!command_complete(not_yet), "{not_yet:?}");
        }
        assert!(command_complete("$1\"AB$/"));
        assert!(command_complete("$1#//"));
    }
}
