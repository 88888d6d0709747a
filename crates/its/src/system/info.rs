//! What ITS tells a job about itself and the machine: SSTATU, RQDATE,
//! `.GETSYS`, `.EVAL` (`_calls.127`, uuos.114).

use super::calls::CallResult;
use super::{Flow, Step, System};
use crate::machine::{load, store, Machine};
use crate::sixbit::Sixbit;
use pdp10_isa::{its, squoze, Word};

/// The machine's name (SSTATU's sixth value, MIDAS's `.SITE`): `KA`, the
/// default of the PDP-10/its build for a KA10.
pub const MACHINE_NAME: Sixbit = Sixbit(Word::new(0o534100_000000));
/// The system version (SSTATU's seventh value, `.RSYSI`): the ITS source
/// the shim follows, `its.1652`.
pub const SYSTEM_VERSION: Sixbit = Sixbit(Word::new(0o212625_220000));
/// ITS's assembly switches for the processor, as its symbol table holds
/// them on a KA10 (the machine SSTATU names): KA10P 1, the others 0
/// (`src/system/its.1652` CONFIG).
const PROCESSOR_SWITCHES: [(&str, u64); 3] = [("KA10P", 1), ("KL10P", 0), ("KS10P", 0)];
/// Free job slots (SSTATU's eighth value): one job runs of ITS's usual 64.
const FREE_SLOTS: u64 = 0o77;

impl System {
    /// SSTATU: not going down, not being debugged, one user, no memory
    /// errors, the time up, the machine name and version, free slots.
    pub(super) fn sstatu(&mut self) -> CallResult {
        Ok(vec![
            Word::new(pdp10_isa::WORD_MASK),
            Word::ZERO,
            Word::new(1),
            Word::ZERO,
            Word::new(self.thirtieths()),
            MACHINE_NAME.0,
            SYSTEM_VERSION.0,
            Word::new(FREE_SLOTS),
        ])
    }

    /// RQDATE: now and the time the system (the job) came up, in disk
    /// format.
    pub(super) fn rqdate(&mut self) -> CallResult {
        let now = self.civil_now();
        let up_secs = self.seconds_now().saturating_sub(self.thirtieths() / 30);
        let up = match self.clock {
            crate::Clock::Fixed(_) => super::clock::Civil::at(up_secs, 0, false),
            crate::Clock::Host => super::clock::Civil::local(up_secs),
        };
        Ok(vec![
            Word::new(now.disk_format()),
            Word::new(up.disk_format()),
        ])
    }

    /// `.GETSYS ac,`: AC an AOBJN pointer (a zero left half: to the end of
    /// core), AC+1 the area's SIXBIT name. Only `CALLS` (ITS's symbol
    /// table), `GETS` and `NCALLS` exist here; another name clears AC+1,
    /// a short area gets the right length, negated, in AC's left half.
    pub(super) fn getsys(&mut self, m: &mut impl Machine, pc: u32, word: Word, a: u32) -> Step {
        let next = (a + 1) & 0o17;
        let pointer = m.read(a).unwrap_or(Word::ZERO);
        let name = Sixbit(m.read(next).unwrap_or(Word::ZERO));
        let data: Vec<Word> = match name.text().as_str() {
            "CALLS" => its::system_symbol_table()
                .into_iter()
                .flat_map(|(sq, v)| [Word::new(sq), Word::new(v)])
                .collect(),
            "GETS" => ["CALLS", "GETS", "NCALLS"]
                .iter()
                .map(|s| Sixbit::lossy(s).0)
                .collect(),
            "NCALLS" => super::calls::ITS_CALLS
                .iter()
                .map(|s| Sixbit::lossy(s).0)
                .collect(),
            _ => {
                self.note(&format!(" {name}: no such area"));
                self.set_ac(m, next, Word::ZERO)?;
                return Ok(Flow::Next);
            }
        };
        let start = pointer.right() as u32;
        let room = if pointer.left() == 0 {
            (m.memory_size() as u64).saturating_sub(start as u64)
        } else {
            (0o1000000 - pointer.left()) & 0o777777
        };
        if (data.len() as u64) > room {
            let short = Word::from_halves((0o1000000 - data.len() as u64) & 0o777777, start as u64);
            self.set_ac(m, a, short)?;
            return Ok(Flow::Next);
        }
        for (k, w) in data.iter().enumerate() {
            store(m, (start + k as u32) & 0o777777, *w).map_err(|x| self.mpv(pc, word, x))?;
        }
        self.note(&format!(" {name}: {} words at {start:o}", data.len()));
        let left = pointer.left() + data.len() as u64;
        let after = Word::from_halves(
            if pointer.left() == 0 {
                0
            } else {
                left & 0o777777
            },
            (start as u64 + data.len() as u64) & 0o777777,
        );
        self.set_ac(m, a, after)?;
        Ok(Flow::Skip)
    }

    /// `.EVAL ac,`: the value of the squoze symbol in AC in ITS's own
    /// symbol table. The symbols of the `CALLS` table exist here, and the
    /// assembly switches that say which processor ITS runs on (PDSET asks
    /// them); the locations inside a running ITS do not: for those, no
    /// skip, and a `.LOSE` right after names the symbol.
    pub(super) fn eval(&mut self, m: &mut impl Machine, pc: u32, a: u32) -> Step {
        let sym = load(m, a).map_or(0, |w| w.raw()) & squoze::NAME_MASK;
        let name = squoze::decode(sym);
        let found = its::system_symbol_table()
            .into_iter()
            .find(|(sq, _)| sq & squoze::NAME_MASK == sym)
            .map(|(_, v)| v)
            .or_else(|| {
                PROCESSOR_SWITCHES
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| *v)
            });
        self.note(&format!(" {name}"));
        match found {
            Some(v) => {
                self.set_ac(m, a, Word::new(v))?;
                Ok(Flow::Skip)
            }
            None => {
                self.eval_miss = Some((pc, name));
                Ok(Flow::Next)
            }
        }
    }
}
