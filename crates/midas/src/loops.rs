//! REPEAT and the IRP family (manual node Loops): their bodies queued as
//! iterations of one reader frame.

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::macros::Macro;
use crate::parse::{is_squoze, key};
use crate::reader::Origin;
use crate::source::{Span, BARE_CR, BARE_LF};
use std::rc::Rc;

impl Assembler<'_> {
    /// REPEAT n,body: the body n times, `.RPCNT` counting from 0.
    pub(crate) fn repeat(&mut self, at: Span) {
        // The count is a field ended by a blank or a comma (node loops-A1:
        // "the space or comma that ends the field"; syseng;iec's
        // `REPEAT NMAXCH <1_<.RPCNT>>`).
        let Some(n) = self.field_expression(at) else {
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
        if !self.room_to_nest(at) {
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

    /// IRP, IRPC, IRPS, IRPW, IRPNC: `IRP X,Y,[list]` / body / TERMIN,
    /// with any number of groups `X,Y,[list]` (manual node loops-B2).
    pub(crate) fn irp(&mut self, kind: &str, at: Span) {
        // The header may hold a bracketed list over several lines.
        // A `?` after a list's `]` ends it as well, the body following on
        // that line (real MIDAS 433's AIRP: a null dummy name ended by
        // other than a comma ends the groups; ksc;macros's FWRITE has
        // `IRP ARG,,[REM] ? ... ? TERMIN`).
        let mut header = String::new();
        let mut depth = 0;
        let mut after_list = false;
        while let Some((c, sp)) = self.reader.next() {
            if !self.charge(sp) {
                return;
            }
            match c {
                '[' => depth += 1,
                ']' => depth -= 1,
                '\n' if depth <= 0 => break,
                '?' if depth == 0 && after_list => break,
                _ => {}
            }
            after_list = (c == ']' && depth == 0) || (after_list && matches!(c, ' ' | '\t'));
            header.push(c);
        }
        let body = self.read_body(at);
        let mut header = header.as_str();
        // IRPNC m,n,p, first: characters skipped, taken a pass, passes
        // (node loops-C5a).
        let mut numbers = [0i64; 3];
        if kind == "IRPNC" {
            for n in &mut numbers {
                let Some((text, rest)) = header.split_once(',') else {
                    self.error(at, ErrorKind::Syntax, "IRPNC needs three numbers");
                    return;
                };
                *n = crate::eval::signed(self.eval_text(text, at));
                header = rest;
            }
        }
        let (groups, missing_comma) = irp_groups(header);
        if missing_comma {
            self.error(at, ErrorKind::Syntax, "Comma missing in IRP");
        }
        let dummy = |s: &str| crate::macros::Dummy {
            name: key(s.trim()),
            syntax: crate::macros::Syntax::Normal,
            gensym: false,
            default: None,
            keyword: None,
        };
        let mut dummies = Vec::new();
        let mut passes: Vec<Vec<(String, String)>> = Vec::new();
        for g in &groups {
            dummies.push(dummy(&g.x));
            dummies.push(dummy(&g.y));
            passes.push(match kind {
                "IRPC" => irpc_pairs(&g.list, 0, 1, -1),
                "IRPNC" => irpc_pairs(&g.list, numbers[0], numbers[1], numbers[2]),
                "IRPS" => irps_pairs(&g.list),
                "IRPW" => irpw_pairs(&g.list),
                _ => irp_pairs(&g.list),
            });
        }
        let m = Macro::new(dummies, &body);
        let count = passes.iter().map(Vec::len).max().unwrap_or(0);
        let texts: Vec<Rc<str>> = (0..count)
            .map(|i| {
                let args: Vec<String> = passes
                    .iter()
                    .flat_map(|p| {
                        let (a, b) = p.get(i).cloned().unwrap_or_default();
                        [a, b]
                    })
                    .collect();
                m.expand(&args).into()
            })
            .collect();
        self.push_iterations(texts, Origin::Expansion(at), at, false);
    }
}

/// One IRP group: the two dummies and the string.
struct Group {
    x: String,
    y: String,
    list: String,
}

/// The groups of an IRP header (node loops-B2), and whether a comma was
/// missing after a first dummy.
fn irp_groups(header: &str) -> (Vec<Group>, bool) {
    let mut groups = Vec::new();
    let mut missing = false;
    let mut rest = header;
    loop {
        // X , Y , string
        let (x, after) = rest.split_once(',').unwrap_or((rest, ""));
        // The second dummy is a symbol ended by a comma or a blank (real
        // MIDAS: `IRPS X,A B C` has Y=A and the list B C, as sysen2;name
        // writes `irps x,mc oz xx ...`).
        let after = after.trim_start_matches([' ', '\t']);
        let y_len = after.find(|c| !is_squoze(c)).unwrap_or(after.len());
        let (y, list) = after.split_at(y_len);
        let list = match list.chars().next() {
            Some(',') => &list[1..],
            Some(' ' | '\t') if !y.is_empty() => list,
            _ => {
                missing = true;
                list
            }
        };
        let list = list.trim_start();
        let Some(inner) = list.strip_prefix('[') else {
            // A string as a macro argument: up to a comma, `;` or the end
            // of the line; after a comma, a squoze character or another
            // comma begins another group.
            let end = list.find([',', ';']).unwrap_or(list.len());
            groups.push(Group {
                x: x.to_string(),
                y: y.to_string(),
                list: list[..end].trim_end().to_string(),
            });
            let next = list.get(end + 1..).unwrap_or("");
            match (list[end..].chars().next(), next.chars().next()) {
                (Some(','), Some(c)) if c == ',' || is_squoze(c) => rest = next,
                _ => return (groups, missing),
            }
            continue;
        };
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
        groups.push(Group {
            x: x.to_string(),
            y: y.to_string(),
            list: inner[..end].to_string(),
        });
        // A squoze character or a comma right after the `]` begins another
        // group; anything else ends the header.
        let next = inner.get(end + 1..).unwrap_or("");
        match next.chars().next() {
            Some(c) if c == ',' || is_squoze(c) => rest = next,
            _ => return (groups, missing),
        }
    }
}

/// IRPC and IRPNC (node loops-C5b): `skip` characters skipped, then `take`
/// characters a pass (at least 1), at most `limit` passes (-1: no limit);
/// the second dummy is what later passes will take. A line end is two
/// characters, CR and LF (real MIDAS makes an iteration of each).
fn irpc_pairs(list: &str, skip: i64, take: i64, limit: i64) -> Vec<(String, String)> {
    let chars: Vec<char> = list
        .chars()
        .flat_map(|c| match c {
            '\n' => vec![BARE_CR, BARE_LF],
            c => vec![c],
        })
        .collect();
    let skip = skip.max(0) as usize;
    let take = take.max(1) as usize;
    let chars = chars.get(skip..).unwrap_or(&[]);
    let mut passes = chars.len().div_ceil(take);
    if limit >= 0 {
        passes = passes.min(limit as usize);
    }
    let used = chars.len().min(passes * take);
    (0..passes)
        .map(|i| {
            let from = i * take;
            let to = (from + take).min(used);
            (
                chars[from..to].iter().collect(),
                chars[to..used].iter().collect(),
            )
        })
        .collect()
}

/// IRPS (node loops-C3): each run of squoze characters and the character
/// after it.
fn irps_pairs(list: &str) -> Vec<(String, String)> {
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

/// IRPW (node loops-C2): each non-empty line, split at its first `;`.
fn irpw_pairs(list: &str) -> Vec<(String, String)> {
    list.split(['\n', BARE_CR, BARE_LF])
        .filter(|line| !line.is_empty())
        .map(|line| match line.split_once(';') {
            Some((a, b)) => (a.to_string(), b.to_string()),
            None => (line.to_string(), String::new()),
        })
        .collect()
}

/// IRP (node loops-C4): each element and the rest of the string after
/// it. A comma or a line end ends an element; a `[` is dropped and makes
/// them ordinary characters up to its matching `]`, also dropped. Blanks
/// stay (real MIDAS: `[ A , B ]` gives " A " and " B ").
fn irp_pairs(list: &str) -> Vec<(String, String)> {
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
            ']' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    continue;
                }
            }
            ',' | '\n' | BARE_CR if depth == 0 => {
                let rest = list[i + c.len_utf8()..].to_string();
                out.push((std::mem::take(&mut cur), rest));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    // A comma that ends the list starts no element (real MIDAS 433,
    // oracle: `[A,]` is A alone, `[,,]` two empty ones; ksc;macros's
    // FWRITE ch,[CRLF,,] then stops at its second).
    if !cur.is_empty() {
        out.push((cur, String::new()));
    }
    out
}
