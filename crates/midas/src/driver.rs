//! The two-pass driver: the main file read, both passes run over it, and
//! the result turned into an [`Assembly`] or an [`Error`].

use crate::assemble::{Assembler, Options};
use crate::diag::{Diagnostic, Error, ErrorKind};
use crate::output::{assembly, place, Assembly};
use crate::source::{its_names, Loader, SourceFile, Span};
use crate::text::sixbit_word;
use std::path::Path;
use std::rc::Rc;

pub(crate) fn run(path: &Path, loader: &dyn Loader, options: &Options) -> Result<Assembly, Error> {
    let name = path.display().to_string();
    // A file that cannot be read, or is not ITS text, has no place to
    // show: the diagnostic is the file name and the reason alone (line 0).
    let unreadable = |message: String| Error {
        diagnostics: vec![Diagnostic {
            kind: ErrorKind::MissingFile,
            file: name.clone(),
            line: 0,
            column: 0,
            message,
            source_line: String::new(),
            warning: false,
        }],
        messages: Vec::new(),
        written: None,
    };
    let raw = loader.read(path).map_err(|e| {
        unreadable(match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_string(),
            _ => format!("cannot read the source: {e}"),
        })
    })?;
    let (fn1, fn2, sname) = its_names(path);
    let mut forced = std::collections::HashMap::new();
    // Literals real MIDAS merges on pass 1 once a forward reference is
    // defined: pass 2 finds them, and the passes run again with them merged
    // (see assemble/merges.rs). Each round only adds merges.
    let mut asm = loop {
        let mut asm = Assembler::new(loader, options.clone());
        let file = SourceFile::new(name.clone(), path.to_path_buf(), &raw).map_err(unreadable)?;
        asm.main_file = asm.sources.add(file);
        asm.fnames = (sixbit_word(&fn1), sixbit_word(&fn2));
        asm.symbols.set_state(".OFNM1", asm.fnames.0);
        asm.merges.forced = forced.clone();
        asm.run();
        let found = std::mem::take(&mut asm.merges.found);
        // After errors the binary is not written, so merges do not matter,
        // unless they are errors real MIDAS writes its binary after.
        let no_binary = asm.has_errors() && !asm.binary_still_written();
        if found.is_empty() || no_binary || forced.len() > 10_000 {
            break asm;
        }
        forced.extend(found);
    };
    let found_warnings = std::mem::take(&mut asm.warnings);
    let warnings = place(&asm, found_warnings, true);
    if asm.has_errors() {
        let written = asm
            .binary_still_written()
            .then(|| Box::new(assembly(&asm, options, &sname, warnings.clone())));
        let found = asm.take_diagnostics();
        let mut diagnostics = place(&asm, found, false);
        let stopped = diagnostics.len() >= crate::diag::MAX_ERRORS;
        diagnostics.extend(warnings);
        // In source order, whichever pass found them.
        diagnostics.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
        if stopped {
            let at = diagnostics.last().cloned();
            diagnostics.push(Diagnostic {
                kind: ErrorKind::Limit,
                file: at.map(|d| d.file).unwrap_or_default(),
                line: 0,
                column: 0,
                message: format!(
                    "stopped after {} errors; fix these first",
                    crate::diag::MAX_ERRORS
                ),
                source_line: String::new(),
                warning: false,
            });
        }
        return Err(Error {
            diagnostics,
            messages: asm.messages,
            written,
        });
    }
    Ok(assembly(&asm, options, &sname, warnings))
}

impl Assembler<'_> {
    /// Whether pass 1 made more names than real MIDAS's symbol table holds:
    /// then it stopped with the fatal error "Symbol table full" and wrote
    /// nothing (midas;midas.73 with MIDAS 433).
    fn symbol_table_full(&mut self) -> bool {
        let initial = crate::symbol_order::initial_in_order();
        let Some(name) =
            crate::symbol_slots::first_without_room(&initial, self.symbols.hash_events())
        else {
            return false;
        };
        let at = Span {
            file: self.main_file,
            offset: 0,
        };
        let message = format!(
            "Symbol table full: no room for {name} in real MIDAS's 2707 entries \
             (or .SYMTAB's size) with its initial symbols; it stops there, a fatal error"
        );
        self.error(at, ErrorKind::Limit, message);
        self.fatal = true;
        true
    }

    /// Runs both passes over the main file.
    pub fn run(&mut self) {
        let text: Rc<str> = self.sources.file(self.main_file).text.as_str().into();
        for pass in 1..=2 {
            self.start_pass(pass, text.clone());
            while !self.ended && !self.fatal {
                let Some(stmt) = self.gather() else { break };
                self.execute(&stmt);
                self.symbols.end_statement();
            }
            if self.fatal {
                return;
            }
            if pass == 1 && self.symbol_table_full() {
                return;
            }
            if !self.ended {
                // Real MIDAS stops with the fatal error "No END statement"
                // (TSRTNS, NEDCHK) and writes no binary; an empty file too.
                // After another error it is that error's consequence (an
                // unterminated literal ate the END), not news.
                // Then pass 2 goes on to find the rest of the errors.
                if self.has_errors() {
                    let at = self.reader.span();
                    self.finish(None, at);
                    continue;
                }
                let text_len = self.sources.file(self.main_file).text.len();
                let at = Span {
                    file: self.main_file,
                    offset: text_len.saturating_sub(1) as u32,
                };
                self.error(at, ErrorKind::Syntax, "No END statement");
                self.fatal = true;
                return;
            }
        }
    }
}
