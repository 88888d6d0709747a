//! DDT's symbol table: names to values for type-in, values to names for
//! type-out.

use std::collections::HashMap;

/// How far past a symbol an address is still typed as `SYM+n` (octal);
/// DDT keeps this in `..SYMOFS`.
const MAX_OFFSET: u32 = 0o1000;

/// The job's symbols and those defined with `SYM:`.
#[derive(Clone, Debug, Default)]
pub struct SymbolTable {
    /// Every symbol: its value and whether it is half-killed.
    by_name: HashMap<String, (u64, bool)>,
    /// Symbols usable in type-out (not half-killed), sorted by value;
    /// right-half values only.
    by_value: Vec<(u32, String)>,
}

impl SymbolTable {
    /// A table from `(name, value, half_killed)`. Half-killed symbols
    /// (MIDAS `==`) can be typed in but are never typed out, as in DDT.
    pub fn new<'a>(symbols: impl IntoIterator<Item = (&'a str, u64, bool)>) -> SymbolTable {
        let mut t = SymbolTable::default();
        for (name, value, half_killed) in symbols {
            let name = name.to_ascii_uppercase();
            t.by_name.insert(name.clone(), (value, half_killed));
            if !half_killed && value >> 18 == 0 {
                t.by_value.push((value as u32, name));
            }
        }
        t.sort();
        t
    }

    fn sort(&mut self) {
        // Among symbols of one value, the first name in the table wins.
        self.by_value.sort_by_key(|(v, _)| *v);
        self.by_value.dedup_by_key(|(v, _)| *v);
    }

    /// Defines (or redefines) `name`.
    pub fn define(&mut self, name: &str, value: u64) {
        let name = name.to_ascii_uppercase();
        self.by_value.retain(|(_, n)| *n != name);
        self.by_name.insert(name.clone(), (value, false));
        if value >> 18 == 0 {
            // A symbol defined last is preferred for its value.
            self.by_value.retain(|(v, _)| *v as u64 != value);
            self.by_value.push((value as u32, name));
            self.sort();
        }
    }

    /// The value of `name`: the program's symbols first, then the
    /// instruction mnemonics and ITS's UUO and call names DDT knows.
    pub fn lookup(&self, name: &str) -> Option<u64> {
        let name = name.to_ascii_uppercase();
        if let Some(&(v, _)) = self.by_name.get(&name) {
            return Some(v);
        }
        if let Some(op) = pdp10_isa::opcodes::lookup(&name) {
            return Some(op.word());
        }
        pdp10_isa::its::predefined()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    /// The symbol whose value is exactly `value`.
    pub fn exact(&self, value: u32) -> Option<&str> {
        let i = self.by_value.partition_point(|(v, _)| *v < value);
        self.by_value
            .get(i)
            .filter(|(v, _)| *v == value)
            .map(|(_, n)| n.as_str())
    }

    /// `address` as DDT types it in relative mode: `SYM`, `SYM+n` for the
    /// nearest symbol below (not an AC symbol), else `None`.
    pub fn relative(&self, address: u32) -> Option<String> {
        if let Some(name) = self.exact(address) {
            return Some(name.to_string());
        }
        let i = self.by_value.partition_point(|(v, _)| *v <= address);
        let (value, name) = self.by_value[..i].last()?;
        (*value >= 0o20 && address - value < MAX_OFFSET)
            .then(|| format!("{name}+{:o}", address - value))
    }

    /// Every symbol: name, value, half-killed.
    pub fn all(&self) -> impl Iterator<Item = (&str, u64, bool)> {
        self.by_name.iter().map(|(n, &(v, h))| (n.as_str(), v, h))
    }

    /// Every (value, name) usable in type-out.
    pub fn addresses(&self) -> &[(u32, String)] {
        &self.by_value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_in_and_type_out() {
        let mut t =
            SymbolTable::new([("P", 0o17, false), ("GO", 0o100, false), ("X", 0o100, true)]);
        assert_eq!(t.lookup("go"), Some(0o100));
        assert_eq!(t.lookup("X"), Some(0o100));
        assert_eq!(t.lookup("movei"), Some(0o201000_000000));
        assert_eq!(t.lookup(".VALUE"), Some(0o043200_000000));
        assert_eq!(t.lookup("NOSUCH"), None);
        assert_eq!(t.exact(0o100), Some("GO"));
        assert_eq!(t.relative(0o103).as_deref(), Some("GO+3"));
        assert_eq!(t.relative(0o17).as_deref(), Some("P"));
        // Not P+1: AC symbols do not name the addresses above them.
        assert_eq!(t.relative(0o20), None);
        assert_eq!(t.relative(0o100 + MAX_OFFSET), None);
        t.define("LOOP", 0o103);
        assert_eq!(t.relative(0o103).as_deref(), Some("LOOP"));
        t.define("LOOP", 0o104);
        assert_eq!(t.relative(0o103).as_deref(), Some("GO+3"));
    }
}
