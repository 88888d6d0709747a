//! REPEAT and the IRP family (manual node Loops): their bodies queued as
//! iterations of one reader frame.

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::macros::Macro;
use crate::parse::{is_squoze, key};
use crate::reader::{Origin, MAX_DEPTH};
use crate::source::{Span, BARE_CR, BARE_LF};
use std::rc::Rc;

impl Assembler<'_> {
    /// REPEAT n,body: the body n times, `.RPCNT` counting from 0.
    pub(crate) fn repeat(&mut self, at: Span) {
        let Some(n) = self.comma_expression(at) else {
            self.rest_of_line();
            return;
        };
        let (mut body, origin, bracketed) = self.body_text(at);
        if !bracketed {
            // A one-line REPEAT string gets the line's end (node loops-A1).
            if self.reader.peek() == Some('\n') {
                self.reader.next();
            }
            body.push('\n');
        }
        if n <= 0 || body.is_empty() {
            return;
        }
        if n > 0o777777 {
            self.error(
                at,
                ErrorKind::Limit,
                format!("REPEAT {n:o} times is too many"),
            );
            return;
        }
        // Each repetition costs at least a character of the read budget, so
        // that nested REPEATs of huge counts stop early.
        self.read_count += n as u64;
        if !self.charge(at) {
            return;
        }
        self.push_iterations(vec![body.into(); n as usize], origin, at, true);
    }

    pub(crate) fn push_iterations(
        &mut self,
        texts: Vec<Rc<str>>,
        origin: Origin,
        at: Span,
        repeat: bool,
    ) {
        if self.reader.depth() >= MAX_DEPTH {
            self.error(
                at,
                ErrorKind::Limit,
                "macros, REPEATs or .INSRTs nested too deeply",
            );
            self.fatal = true;
            return;
        }
        let mut it = texts.into_iter();
        let Some(first) = it.next() else { return };
        let frame = self.reader.push(first, origin);
        if repeat {
            frame.rpcnt = Some(0);
        } else {
            frame.irpcnt = Some(0);
        }
        frame.then(it);
    }

    /// IRP, IRPC, IRPS: `IRP X,Y,[list]` / body / TERMIN.
    pub(crate) fn irp(&mut self, kind: &str, at: Span) {
        // The header may hold a bracketed list over several lines.
        let mut header = String::new();
        let mut depth = 0;
        while let Some((c, sp)) = self.reader.next() {
            if !self.charge(sp) {
                return;
            }
            match c {
                '[' => depth += 1,
                ']' => depth -= 1,
                '\n' if depth <= 0 => break,
                _ => {}
            }
            header.push(c);
        }
        let body = self.read_body(at);
        // X , Y , list
        let (x, rest) = header.split_once(',').unwrap_or((header.as_str(), ""));
        // The second dummy is a symbol ended by a comma or a blank (real
        // MIDAS: `IRPS X,A B C` has Y=A and the list B C, as sysen2;name
        // writes `irps x,mc oz xx ...`).
        let rest = rest.trim_start_matches([' ', '\t']);
        let y_len = rest.find(|c| !is_squoze(c)).unwrap_or(rest.len());
        let (y, list) = rest.split_at(y_len);
        let list = match list.chars().next() {
            Some(',') => &list[1..],
            Some(' ' | '\t') if !y.is_empty() => list,
            _ => {
                self.error(at, ErrorKind::Syntax, "Comma missing in IRP");
                list
            }
        };
        let list = list.trim_start();
        let list = if let Some(inner) = list.strip_prefix('[') {
            let mut depth = 1;
            let mut end = inner.len();
            for (i, c) in inner.char_indices() {
                match c {
                    '[' => depth += 1,
                    ']' => {
                        depth -= 1;
                        if depth == 0 {
                            end = i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            inner[..end].to_string()
        } else {
            list.split(';').next().unwrap_or("").trim_end().to_string()
        };
        let dummy = |s: &str| crate::macros::Dummy {
            name: key(s.trim()),
            syntax: crate::macros::Syntax::Normal,
            gensym: false,
            default: None,
        };
        let mut dummies = vec![dummy(x)];
        if !y.trim().is_empty() {
            dummies.push(dummy(y));
        }
        let m = Macro::new(dummies, &body);
        let pairs: Vec<(String, String)> = match kind {
            "IRPC" => {
                // A line end is two characters, CR and LF (real MIDAS makes
                // an iteration of each).
                let chars: Vec<char> = list
                    .chars()
                    .flat_map(|c| match c {
                        '\n' => vec![BARE_CR, BARE_LF],
                        c => vec![c],
                    })
                    .collect();
                (0..chars.len())
                    .map(|i| (chars[i].to_string(), chars[i + 1..].iter().collect()))
                    .collect()
            }
            "IRPS" => {
                let mut out = Vec::new();
                let chars: Vec<char> = list.chars().collect();
                let mut i = 0;
                while i < chars.len() {
                    if is_squoze(chars[i]) {
                        let s = i;
                        while i < chars.len() && is_squoze(chars[i]) {
                            i += 1;
                        }
                        let sym: String = chars[s..i].iter().collect();
                        let delim = chars.get(i).map(|c| c.to_string()).unwrap_or_default();
                        out.push((sym, delim));
                    } else {
                        i += 1;
                    }
                }
                out
            }
            _ => split_list(&list),
        };
        let texts: Vec<Rc<str>> = pairs
            .iter()
            .map(|(a, b)| m.expand(&[a.clone(), b.clone()]).into())
            .collect();
        self.push_iterations(texts, Origin::Expansion(at), at, false);
    }
}

/// Splits an IRP list into its elements, each with the rest of the list
/// (node loops-C4): a comma or EOL outside brackets ends an element; a `[`
/// and its matching `]` are flushed from the element but stay in the rest,
/// which starts after the comma or EOL that ended the element.
fn split_list(list: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0;
    for (i, c) in list.char_indices() {
        match c {
            '[' => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            ']' => {
                depth -= 1;
                if depth == 0 {
                    continue;
                }
            }
            ',' | '\n' if depth == 0 => {
                let rest = list[i + 1..].to_string();
                out.push((std::mem::take(&mut cur), rest));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() || !out.is_empty() {
        out.push((cur, String::new()));
    }
    out
}
