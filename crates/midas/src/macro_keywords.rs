//! Macro calls' keyword arguments (MIDAS manual, node Calls-1c): a run of
//! dummies after a `+` in DEFINE takes `name=value` arguments in any order.

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::macros::{End, Macro};
use crate::parse::is_squoze;
use crate::source::Span;
use std::ops::Range;

impl Assembler<'_> {
    /// Reads the arguments for the keyword dummies `run` of `m` into
    /// `args`, until a null argument (a lone comma: the by-order dummies
    /// after the run are read next, `End::Comma`) or the end of the call.
    /// Those not given are unspecified (defaulted or gensymmed). As real
    /// MIDAS 433 does (its MACK), a name is compared in full, as written,
    /// and one no dummy of the run has is "Arg with undefined keyword".
    pub(crate) fn keyword_args(
        &mut self,
        m: &Macro,
        run: Range<usize>,
        args: &mut [Option<String>],
        at: Span,
        in_parens: bool,
    ) -> End {
        loop {
            self.reader.skip_blanks();
            if self.call_ends_here() {
                return End::Call;
            }
            if self.reader.peek() == Some(',') {
                self.reader.next();
                return End::Comma;
            }
            let mut name = String::new();
            while let Some(c) = self.reader.peek().filter(|&c| is_squoze(c)) {
                name.push(c);
                self.reader.next();
            }
            self.reader.skip_blanks();
            if name.is_empty() || self.reader.peek() != Some('=') {
                self.error(at, ErrorKind::Syntax, "Bad format keyword argument");
                return End::Call;
            }
            self.reader.next();
            let Some(k) = run
                .clone()
                .find(|&k| m.dummies[k].keyword.as_deref() == Some(name.as_str()))
            else {
                self.error(
                    at,
                    ErrorKind::Syntax,
                    format!("Arg with undefined keyword: {name}"),
                );
                return End::Call;
            };
            let (value, end) = self.one_arg(&m.dummies[k], at, in_parens, false);
            args[k] = value;
            if end != End::Comma {
                return End::Call;
            }
        }
    }
}
