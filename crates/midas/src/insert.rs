//! `.INSRT`: where an ITS file name is on the host, what may be read, and
//! the chain of files being read.

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::reader::MAX_DEPTH;
use crate::source::{insrt_candidates, parse_its_file_spec, SourceFile, Span};
use std::rc::Rc;

impl Assembler<'_> {
    /// .INSRT dev:dir;fn1 fn2
    pub(crate) fn insert_file(&mut self, at: Span) {
        // `;` ends a directory name here, so the comment is found by the
        // file-name parser.
        let mut spec_text = String::new();
        while let Some(c) = self.reader.peek() {
            if c == '\n' {
                break;
            }
            self.reader.next();
            spec_text.push(c);
        }
        let Some(spec) = parse_its_file_spec(spec_text.trim()) else {
            self.error(at, ErrorKind::Syntax, ".INSRT needs a file name");
            return;
        };
        let including = self.sources.file(at.file).path.clone();
        // A source named without a folder is in the current one.
        let dir = including
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| std::path::PathBuf::from("."), |p| p.to_path_buf());
        let root = self.dsk_root();
        let candidates = match insrt_candidates(&spec, &dir, &root) {
            Ok(c) => c,
            Err(e) => {
                self.error(at, ErrorKind::MissingFile, e);
                return;
            }
        };
        for path in &candidates {
            // The same file on pass 2 reuses the pass-1 copy.
            let known = self.sources.files.iter().position(|f| f.path == *path);
            let id = match known {
                Some(id) => id as u32,
                None => match self.loader.read(path) {
                    Ok(raw) => {
                        let name = path.display().to_string();
                        match SourceFile::new(name, path.clone(), &raw) {
                            Ok(file) => self.sources.add(file),
                            Err(e) => {
                                self.error(
                                    at,
                                    ErrorKind::MissingFile,
                                    format!(".INSRT {spec}: {}: {e}", path.display()),
                                );
                                return;
                            }
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                    Err(e) => {
                        self.error(
                            at,
                            ErrorKind::MissingFile,
                            format!(".INSRT {spec}: {}: {e}", path.display()),
                        );
                        return;
                    }
                },
            };
            let chain = self.reader.file_chain();
            if chain.contains(&id) {
                let names: Vec<&str> = chain
                    .iter()
                    .chain(std::iter::once(&id))
                    .map(|&f| self.sources.file(f).name.as_str())
                    .collect();
                self.error(
                    at,
                    ErrorKind::Limit,
                    format!(".INSRT of a file being read: {}", names.join(" -> ")),
                );
                self.fatal = true;
                return;
            }
            let text: Rc<str> = self.sources.file(id).text.as_str().into();
            if self.reader.depth() < MAX_DEPTH {
                self.reader.push_file(id, text);
            } else {
                self.error(at, ErrorKind::Limit, ".INSRT nested too deeply");
                self.fatal = true;
            }
            return;
        }
        let tried: Vec<String> = candidates.iter().map(|p| p.display().to_string()).collect();
        self.error(
            at,
            ErrorKind::MissingFile,
            format!(
                ".INSRT file {} not found (tried {})",
                spec,
                tried.join(", ")
            ),
        );
    }

    /// Where ITS directories are on the host: `--dsk-root`, or else the
    /// main source's folder.
    pub(crate) fn dsk_root(&self) -> std::path::PathBuf {
        match &self.options.dsk_root {
            Some(r) => r.clone(),
            None => self
                .sources
                .file(self.main_file)
                .path
                .parent()
                .map(|p| p.to_path_buf())
                .unwrap_or_default(),
        }
    }
}
