//! Files open on the DSK device: an input file lives in memory as ITS
//! words while the channel is open, decoded from the host file in the
//! evacuated encoding; an output file goes to a spool file as it is
//! written and becomes a host file only when the channel is closed.
//!
//! The access pointer counts bytes of the channel's size: characters in
//! unit ASCII mode (five a word), whole words otherwise (`.ACCESS` in
//! `doc/sysdoc/uuos.114`). An output file replaces the host file of that name
//! when the channel is closed, as ITS replaces the old file at `.CLOSE`; a
//! job that dies with it open leaves the old file as it was, as ITS
//! deletes the unclosed `_DSK_ OUTPUT` file of a killed job.

use crate::codes::IocError;
use pdp10_isa::evacuated;
use pdp10_isa::Word;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{FileExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// ITS's end-of-file character, which pads the last word of a text file.
pub const EOF_CHAR: u8 = 0o003;

/// The `i`th 7-bit character of packed ASCII `words` (five a word,
/// left-justified).
pub fn char_at(words: &[Word], i: u64) -> u8 {
    let w = words[(i / 5) as usize].raw();
    ((w >> (29 - 7 * (i % 5))) & 0o177) as u8
}

/// Stores character `c` as the `i`th of `words`, growing them as needed;
/// bit 35 of a word that receives a character is cleared, as ITS does.
#[cfg(test)]
pub fn set_char(words: &mut Vec<Word>, i: u64, c: u8) {
    let index = (i / 5) as usize;
    if words.len() <= index {
        words.resize(index + 1, Word::ZERO);
    }
    words[index] = with_char(words[index], i % 5, c);
}

/// Word `w` with character `c` as its `k`th (0-4) and bit 35 cleared.
fn with_char(w: Word, k: u64, c: u8) -> Word {
    let shift = 29 - 7 * k;
    let w = w.raw() & !(0o177 << shift) & !1;
    Word::new(w | ((c as u64 & 0o177) << shift))
}

/// How many words of output the job may still write to DSK: one budget
/// shared by all its files (`--dsk-quota`); when it runs out the job gets
/// ITS's DEVICE FULL error.
#[derive(Clone, Debug)]
pub struct Quota(Arc<AtomicU64>);

impl Quota {
    /// A budget of `words` words.
    pub fn new(words: u64) -> Quota {
        Quota(Arc::new(AtomicU64::new(words)))
    }

    /// Sets the budget anew.
    pub fn set(&self, words: u64) {
        self.0.store(words, Ordering::Relaxed);
    }

    /// Takes `words` from the budget; false (taking nothing) when fewer
    /// are left.
    fn take(&self, words: u64) -> bool {
        self.0
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                n.checked_sub(words)
            })
            .is_ok()
    }
}

/// What opening a file for output costs of the quota: one disk block, as
/// ITS's disk gave a file, so that a job cannot make files without end
/// by writing nothing into them.
pub const FILE_WORDS: u64 = 1024;

/// The default budget: 256 MiB of host file at five bytes a word, more
/// than a whole RP06 pack held (about 40 million words).
pub const DEFAULT_QUOTA_WORDS: u64 = 256 * 1024 * 1024 / 5;

/// What stops a write to a DSK file.
#[derive(Debug)]
pub enum WriteError {
    /// ITS's own error (DEVICE FULL, access beyond the end).
    Ioc(IocError),
    /// The host failed; the message names the file.
    Host(io::Error),
}

/// An error of the host file system, with the file's name in its message.
fn named(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// Words held in memory before they go to the spool file.
const CACHE_WORDS: usize = 8192;
/// Bytes a word takes in the spool file: its 36 bits in five bytes, the
/// most a word takes in the evacuated encoding of the host file too, so
/// that `--dsk-quota`'s five bytes a word is what each holds.
const SPOOL_WORD: u64 = 5;

/// Word `w` as the spool holds it (little-endian, five bytes).
fn spool_bytes(w: Word) -> [u8; SPOOL_WORD as usize] {
    let b = w.raw().to_le_bytes();
    [b[0], b[1], b[2], b[3], b[4]]
}

/// The word of five spool bytes.
fn spool_word(b: &[u8]) -> Word {
    let mut raw = [0u8; 8];
    raw[..SPOOL_WORD as usize].copy_from_slice(&b[..SPOOL_WORD as usize]);
    Word::new(u64::from_le_bytes(raw))
}

/// Creates a new file beside `path`, named after it with `suffix`, never
/// opening what is already there: with `create_new`, `open` fails on any
/// existing name, a symbolic link included (O_CREAT|O_EXCL, POSIX `open`),
/// so a planted link cannot send the data elsewhere. Tries further names
/// when one is taken, and short names (`.its-tmp.PID.N`) in the same
/// folder when the host refuses one so long. The file is made with
/// permissions `mode` (less the umask).
fn create_beside(path: &Path, suffix: &str, mode: u32) -> io::Result<(File, PathBuf)> {
    use std::os::unix::fs::OpenOptionsExt;
    let folder = path.parent().unwrap_or(Path::new("."));
    let mut long = true;
    let mut last = None;
    for n in 0..100 {
        let candidate = if long {
            let mut name = path.as_os_str().to_owned();
            name.push(suffix);
            if n > 0 {
                name.push(format!(".{n}"));
            }
            PathBuf::from(name)
        } else {
            folder.join(format!(".its{suffix}.{}.{n}", std::process::id()))
        };
        match OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(&candidate)
        {
            Ok(f) => return Ok((f, candidate)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) if long && e.kind() == io::ErrorKind::InvalidFilename => long = false,
            Err(e) => return Err(named(&candidate, e)),
        }
    }
    let kind = last.map_or(io::ErrorKind::AlreadyExists, |e| e.kind());
    Err(io::Error::new(
        kind,
        format!(
            "cannot make a temporary file beside {}: {suffix} and {suffix}.1 to \
             {suffix}.99 after its name are all taken (left by a crash? remove them)",
            path.display()
        ),
    ))
}

/// An output file being written: its words go to a spool file as they
/// come (eight bytes a word, so that `.ACCESS` can go back and rewrite
/// one), with the latest few in memory. The spool file is removed from
/// its folder as soon as it is made: whatever happens to the job or the
/// host process, it leaves nothing behind. Only [`DskFile::finish`] makes
/// the new file, from the spool.
#[derive(Debug)]
struct Spool {
    file: File,
    /// Words `start..start + cache.len()`; those before are in the file.
    cache: Vec<Word>,
    start: u64,
    quota: Quota,
}

impl Spool {
    fn new(path: &Path, quota: Quota) -> io::Result<Spool> {
        // Only this process ever reads it: private, and unlinked at once.
        let (file, name) = create_beside(path, ".its-spool", 0o600)?;
        fs::remove_file(&name).map_err(|e| named(&name, e))?;
        Ok(Spool {
            file,
            cache: Vec::new(),
            start: 0,
            quota,
        })
    }

    fn len(&self) -> u64 {
        self.start + self.cache.len() as u64
    }

    /// Writes the cached words to the spool file.
    fn spill(&mut self) -> io::Result<()> {
        let bytes: Vec<u8> = self.cache.iter().flat_map(|&w| spool_bytes(w)).collect();
        self.file.write_all_at(&bytes, self.start * SPOOL_WORD)?;
        self.start += self.cache.len() as u64;
        self.cache.clear();
        Ok(())
    }

    /// Word `i`, zero beyond the end.
    fn get(&self, i: u64) -> io::Result<Word> {
        if i >= self.start {
            return Ok(self
                .cache
                .get((i - self.start) as usize)
                .copied()
                .unwrap_or(Word::ZERO));
        }
        let mut b = [0u8; SPOOL_WORD as usize];
        self.file.read_exact_at(&mut b, i * SPOOL_WORD)?;
        Ok(spool_word(&b))
    }

    /// Sets word `i`, which is at most one past the end.
    fn set(&mut self, i: u64, w: Word) -> Result<(), WriteError> {
        if i == self.len() {
            if !self.quota.take(1) {
                return Err(WriteError::Ioc(IocError::DEVICE_FULL));
            }
            if self.cache.len() >= CACHE_WORDS {
                self.spill().map_err(WriteError::Host)?;
            }
            self.cache.push(w);
        } else if i >= self.start {
            self.cache[(i - self.start) as usize] = w;
        } else {
            self.file
                .write_all_at(&spool_bytes(w), i * SPOOL_WORD)
                .map_err(WriteError::Host)?;
        }
        Ok(())
    }
}

/// Makes each host CR LF a plain LF, so that a text file written with
/// CR LF line ends (DOS, Windows, mail) reads as ITS text, CR LF a line:
/// the evacuated decoding alone would read the CR as an ITS LF and the LF
/// as CR LF, an extra line end in every line. The cost: the ITS sequence
/// LF CR LF, which itstar writes as host CR LF, reads as CR LF; only
/// text files are read so (image mode reads the bytes as they are).
pub fn host_line_ends(bytes: &mut Vec<u8>) {
    let mut kept = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            i += 1; // the LF stands for the pair
        }
        bytes[kept] = bytes[i];
        kept += 1;
        i += 1;
    }
    bytes.truncate(kept);
}

/// Bytes of host file read at a time.
const BLOCK_BYTES: usize = 64 * 1024;

/// An input file, decoded a block at a time as the job reads it: only the
/// words of the last block read are in memory, so a file of any size
/// costs the same. Going back (`.ACCESS`) before them decodes again from
/// the start.
#[derive(Debug)]
struct Source {
    origin: Origin,
    /// Host CR LF reads as one line end (ASCII modes).
    text: bool,
    /// The file's length in words.
    words: u64,
    decoder: evacuated::Decoder,
    /// Where the next block starts in the file.
    next_byte: u64,
    /// A CR that ended the last block, waiting to see whether LF follows.
    held_cr: bool,
    /// The whole file is decoded.
    done: bool,
    /// Words `start..start + window.len()`.
    window: Vec<Word>,
    start: u64,
}

/// Where an input file's host bytes are: a host file, or memory.
#[derive(Debug)]
enum Origin {
    File(File),
    Bytes(std::sync::Arc<[u8]>),
}

impl Origin {
    /// Reads bytes at `offset` into `buf`; 0 at the end.
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize> {
        match self {
            Origin::File(file) => file.read_at(buf, offset),
            Origin::Bytes(bytes) => {
                let start = usize::try_from(offset)
                    .unwrap_or(usize::MAX)
                    .min(bytes.len());
                let n = buf.len().min(bytes.len() - start);
                buf[..n].copy_from_slice(&bytes[start..start + n]);
                Ok(n)
            }
        }
    }
}

fn invalid(e: evacuated::DecodeError) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, e.to_string())
}

impl Source {
    /// Opens the bytes of `origin`, reading them through once to check
    /// their encoding and count the words and characters.
    fn open(origin: Origin, text: bool) -> io::Result<(Source, u64)> {
        let mut source = Source {
            origin,
            text,
            words: 0,
            decoder: evacuated::Decoder::new(),
            next_byte: 0,
            held_cr: false,
            done: false,
            window: Vec::new(),
            start: 0,
        };
        let mut padding = 0;
        while !source.done {
            source.start += source.window.len() as u64;
            source.window.clear();
            padding = source.fill()?;
        }
        let words = source.start + source.window.len() as u64;
        source.words = words;
        source.rewind();
        Ok((source, words * 5 - padding as u64))
    }

    fn rewind(&mut self) {
        self.decoder = evacuated::Decoder::new();
        self.next_byte = 0;
        self.held_cr = false;
        self.done = false;
        self.window.clear();
        self.start = 0;
    }

    /// Decodes the next block into the window; at the end of the file,
    /// returns the ^C padding added to the last word.
    fn fill(&mut self) -> io::Result<usize> {
        let mut block = vec![0u8; BLOCK_BYTES];
        let n = self.origin.read_at(&mut block, self.next_byte)?;
        block.truncate(n);
        self.next_byte += n as u64;
        let last = n == 0;
        if self.text {
            if std::mem::take(&mut self.held_cr) {
                block.insert(0, b'\r');
            }
            if !last && block.last() == Some(&b'\r') {
                block.pop();
                self.held_cr = true;
            }
            host_line_ends(&mut block);
        }
        self.decoder
            .push(&block, &mut self.window)
            .map_err(invalid)?;
        if last {
            self.done = true;
            return self.decoder.finish(&mut self.window).map_err(invalid);
        }
        Ok(0)
    }

    /// Word `i` of the file; `None` beyond its end.
    fn word(&mut self, i: u64) -> io::Result<Option<Word>> {
        if i < self.start {
            self.rewind();
        }
        loop {
            if let Some(w) = i
                .checked_sub(self.start)
                .and_then(|k| self.window.get(k as usize))
            {
                return Ok(Some(*w));
            }
            if self.done {
                return Ok(None);
            }
            self.start += self.window.len() as u64;
            self.window.clear();
            self.fill()?;
        }
    }
}

/// An open DSK file.
#[derive(Debug)]
pub struct DskFile {
    /// The host file read, or to be written at close.
    pub path: PathBuf,
    /// Length in characters (meaningful in unit ASCII mode).
    pub chars: u64,
    /// The access pointer, in bytes of the channel's size.
    pub pointer: u64,
    /// Unit ASCII mode: bytes are characters.
    pub unit_ascii: bool,
    /// ASCII mode (the host file is written as text).
    pub ascii: bool,
    /// Where an input file's words come from.
    source: Option<Box<Source>>,
    /// Where an output file's words are.
    spool: Option<Spool>,
}

impl DskFile {
    /// Opens `path` for input. In ASCII modes a host CR LF reads as one
    /// ITS line end ([`host_line_ends`]).
    pub fn read(path: PathBuf, unit_ascii: bool, ascii: bool) -> io::Result<DskFile> {
        let origin = Origin::File(File::open(&path)?);
        DskFile::from_origin(path, origin, unit_ascii, ascii)
    }

    /// Opens for input a file whose host bytes are `bytes` (served from
    /// memory instead of read from `path`), decoded as [`DskFile::read`] does.
    pub fn from_bytes(
        path: PathBuf,
        bytes: std::sync::Arc<[u8]>,
        unit_ascii: bool,
        ascii: bool,
    ) -> io::Result<DskFile> {
        DskFile::from_origin(path, Origin::Bytes(bytes), unit_ascii, ascii)
    }

    fn from_origin(
        path: PathBuf,
        origin: Origin,
        unit_ascii: bool,
        ascii: bool,
    ) -> io::Result<DskFile> {
        let (source, chars) = Source::open(origin, ascii)?;
        Ok(DskFile {
            path,
            chars,
            pointer: 0,
            unit_ascii,
            ascii,
            source: Some(Box::new(source)),
            spool: None,
        })
    }

    /// An input file of ITS characters that exists only in memory (the ERR
    /// device's message).
    pub fn from_chars(chars: &[u8]) -> DskFile {
        let bytes: std::sync::Arc<[u8]> = evacuated::host_text(chars).into();
        // Text as it is: host_text's bytes read back as exactly `chars`.
        let (source, length) =
            Source::open(Origin::Bytes(bytes), false).expect("host_text always decodes");
        DskFile {
            path: PathBuf::new(),
            chars: length,
            pointer: 0,
            unit_ascii: true,
            ascii: true,
            source: Some(Box::new(source)),
            spool: None,
        }
    }

    /// A new, empty output file, to replace `path` when it is closed
    /// ([`DskFile::finish`]); until then nothing in the folder changes.
    pub fn create(
        path: PathBuf,
        unit_ascii: bool,
        ascii: bool,
        quota: Quota,
    ) -> io::Result<DskFile> {
        if !quota.take(FILE_WORDS) {
            return Err(io::ErrorKind::StorageFull.into());
        }
        let spool = Spool::new(&path, quota)?;
        Ok(DskFile {
            path,
            source: None,
            chars: 0,
            pointer: 0,
            unit_ascii,
            ascii,
            spool: Some(spool),
        })
    }

    /// The length in words.
    pub fn word_length(&self) -> u64 {
        match &self.spool {
            Some(s) => s.len(),
            None => self.source.as_ref().map_or(0, |s| s.words),
        }
    }

    /// Whether the file is open for output (spooled until it is closed).
    pub fn is_output(&self) -> bool {
        self.spool.is_some()
    }

    /// Word `i` of the file: of an input file, or of an output file the
    /// words written so far (CORBLK's %CBCPY copies a page of either);
    /// `None` beyond its end or when the host file cannot be read.
    pub fn word_at(&mut self, i: u64) -> Option<Word> {
        if let Some(spool) = &self.spool {
            return if i < spool.len() {
                spool.get(i).ok()
            } else {
                None
            };
        }
        self.source.as_mut()?.word(i).ok().flatten()
    }

    /// The length in bytes of the channel's size.
    pub fn length(&self) -> u64 {
        if self.unit_ascii {
            self.chars
        } else {
            self.word_length()
        }
    }

    /// Reads the next byte (character or word); `Ok(None)` at end of file,
    /// an IOC error when the pointer was set beyond it, and NON-RECOVERABLE
    /// DATA ERROR when the host file cannot be read (or changed since the
    /// open).
    pub fn next(&mut self) -> Result<Option<Word>, IocError> {
        let length = self.length();
        if self.pointer > length {
            return Err(IocError::PAST_END_OF_FILE);
        }
        let Some(source) = self.source.as_mut() else {
            return Ok(None);
        };
        if self.pointer == length {
            return Ok(None);
        }
        let (index, k) = if self.unit_ascii {
            (self.pointer / 5, self.pointer % 5)
        } else {
            (self.pointer, 0)
        };
        let word = match source.word(index) {
            Ok(Some(w)) => w,
            _ => return Err(IocError::DATA_ERROR),
        };
        let datum = if self.unit_ascii {
            Word::new(char_at(&[word], k) as u64)
        } else {
            word
        };
        self.pointer += 1;
        Ok(Some(datum))
    }

    /// Writes one byte at the pointer.
    pub fn put(&mut self, datum: Word) -> Result<(), WriteError> {
        if self.pointer > self.length() {
            return Err(WriteError::Ioc(IocError::PAST_END_OF_FILE));
        }
        let Some(spool) = self.spool.as_mut() else {
            return Err(WriteError::Ioc(IocError::ILLEGAL_MODE));
        };
        let named = |e| WriteError::Host(named(&self.path, e));
        if self.unit_ascii {
            let i = self.pointer / 5;
            let word = spool.get(i).map_err(named)?;
            let word = with_char(word, self.pointer % 5, (datum.raw() & 0o177) as u8);
            spool.set(i, word).map_err(|e| match e {
                WriteError::Host(e) => named(e),
                e => e,
            })?;
            self.pointer += 1;
            self.chars = self.chars.max(self.pointer);
        } else {
            spool.set(self.pointer, datum).map_err(|e| match e {
                WriteError::Host(e) => named(e),
                e => e,
            })?;
            self.pointer += 1;
            self.chars = spool.len() * 5;
        }
        Ok(())
    }

    /// Closes an output file: pads a partial last word of characters with
    /// ^C and replaces the host file through a new temporary file beside
    /// it (created as [`create_beside`] says), renamed over it once
    /// complete, so that a failure leaves the old file whole and no
    /// temporary file behind. Errors name the file.
    ///
    /// The new file keeps the old one's permissions (a private file stays
    /// private). It is flushed to the disk (fsync) before the rename only
    /// when it replaces a file: then a host crash soon after the close
    /// must still find the old file or the new one whole, never an empty
    /// one (file systems may write the rename before the data). A new
    /// name has nothing to lose and is not synced: a crash may forget it,
    /// as ITS lost what its disk had not yet written; the sync costs about
    /// 8 ms a close here against 1.5 ms without (docs/dsk.md).
    pub fn finish(&mut self) -> io::Result<()> {
        let Some(mut spool) = self.spool.take() else {
            return Ok(());
        };
        let path = self.path.clone();
        if self.unit_ascii && !self.chars.is_multiple_of(5) {
            let i = self.chars / 5;
            let mut word = spool.get(i).map_err(|e| named(&path, e))?;
            for k in self.chars % 5..5 {
                word = with_char(word, k, EOF_CHAR);
            }
            spool.set(i, word).map_err(|e| match e {
                WriteError::Host(e) => named(&path, e),
                WriteError::Ioc(c) => io::Error::other(c.message()),
            })?;
        }
        // What the name holds now; a link is replaced, never followed.
        let old = fs::symlink_metadata(&path).ok().filter(|m| m.is_file());
        // Set-user-ID and the like do not pass to new contents.
        let mode = old
            .as_ref()
            .map_or(0o666, |m| m.permissions().mode() & 0o777);
        let (temp, temp_path) = create_beside(&path, ".its-tmp", mode)?;
        let written = (|| {
            if old.is_some() {
                // Exactly the old bits, whatever the umask took away.
                temp.set_permissions(fs::Permissions::from_mode(mode))?;
            }
            write_encoded(&mut spool, temp, self.ascii, old.is_some())?;
            fs::rename(&temp_path, &path)
        })();
        if let Err(e) = written {
            let _ = fs::remove_file(&temp_path);
            return Err(named(&path, e));
        }
        Ok(())
    }
}

/// Writes the spooled words to `out` in the evacuated encoding, as text
/// when `ascii`, a block of words at a time; flushed to the disk when
/// `sync`.
fn write_encoded(spool: &mut Spool, out: File, ascii: bool, sync: bool) -> io::Result<()> {
    spool.spill()?;
    let mut out = io::BufWriter::new(out);
    let mut encoder = evacuated::Encoder::new();
    let mut block = vec![0u8; CACHE_WORDS * SPOOL_WORD as usize];
    let mut i = 0;
    while i < spool.start {
        let n = (spool.start - i).min(CACHE_WORDS as u64) as usize;
        let bytes = &mut block[..n * SPOOL_WORD as usize];
        spool.file.read_exact_at(bytes, i * SPOOL_WORD)?;
        for b in bytes.chunks_exact(SPOOL_WORD as usize) {
            encoder.push(spool_word(b));
        }
        out.write_all(&encoder.take_settled())?;
        i += n as u64;
    }
    out.write_all(&encoder.finish(ascii))?;
    let file = out.into_inner().map_err(|e| e.into_error())?;
    if sync {
        file.sync_data()?;
    }
    Ok(())
}

#[cfg(test)]
#[path = "dsk_tests.rs"]
mod tests;
