//! `pdp10 run --watch[=SPEC]`: runs the job at full speed while a live view
//! of its memory (`ddt::watch`) is redrawn about 30 times a second, with
//! keys for pause, single step and speed. When standard output is not a
//! terminal, a status line goes to standard error every second and the
//! last view is printed as text at the end. Ctrl-C (the key, or SIGINT,
//! SIGTERM, SIGHUP) stops the job as `run` does: the terminal restored,
//! the job's output printed, the place named, exit status 130.

use super::load::Program;
use anyhow::Context;
use ddt::watch::{self, Figures, View};
use ddt::{ItsJob, Stop, SymbolTable, Target};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Time between frames.
const FRAME: Duration = Duration::from_millis(33);
/// Instructions run between looks at the clock at full speed.
const SLICE: u64 = 500_000;
/// The speeds the `+` and `-` keys step through: instructions a frame,
/// `None` for full speed.
const SPEEDS: [Option<u64>; 8] = [
    None,
    Some(1_000_000),
    Some(100_000),
    Some(10_000),
    Some(1_000),
    Some(100),
    Some(10),
    Some(1),
];

/// A terminal for a watched job: no input, output kept for the view.
pub fn terminal() -> its::tty::Terminal {
    its::tty::Terminal::new(
        its::tty::Input::Bytes(Default::default()),
        its::tty::Output::Capture(Vec::new()),
    )
}

/// The job as the view sees it: its output so far, how far it ran, how
/// it ended.
struct Watched {
    target: ItsJob,
    symbols: SymbolTable,
    view: View,
    output: String,
    figures: Figures,
    status: u8,
    ended: bool,
}

impl Watched {
    /// Runs up to `n` instructions; notes the ending.
    fn run(&mut self, n: u64) -> anyhow::Result<()> {
        if self.ended {
            return Ok(());
        }
        let stop = self.target.run(n, &[])?;
        let output = self.target.take_output();
        self.output.push_str(&String::from_utf8_lossy(&output));
        if let Stop::Stopped {
            message, status, ..
        } = stop
        {
            self.ended = true;
            self.status = status;
            self.target.finish()?;
            self.figures.ended = Some(message.unwrap_or_else(|| "finished".to_string()));
        }
        self.figures.instructions = self.target.cpu().instructions();
        Ok(())
    }

    /// Ends the watch at Ctrl-C, naming where the job was.
    fn interrupt(&mut self) {
        if self.ended {
            return;
        }
        let pc = ddt::TypeOut::default().address(self.target.cpu().pc(), &self.symbols);
        self.status = super::interrupt::EXIT_STATUS;
        self.figures.ended = Some(format!(
            "interrupted after {} instructions, PC {pc}",
            self.figures.instructions
        ));
    }

    fn draw(&self, frame: &mut ratatui::Frame) {
        watch::draw(
            frame,
            self.target.cpu(),
            &self.symbols,
            &self.view,
            &self.figures,
            &self.output,
        );
    }
}

/// Runs `job` under the watch.
pub(super) fn run_job(job: its::Job, spec: &str, program: &Program) -> anyhow::Result<ExitCode> {
    let symbols = super::debug::its_symbols(program);
    let view = View::parse(spec, &symbols).map_err(|e| anyhow::anyhow!("--watch={spec}: {e}"))?;
    super::interrupt::install()?;
    let mut job = job;
    job.set_stop_flag(super::interrupt::stop_flag());
    let mut watched = Watched {
        target: ItsJob::new(job),
        symbols,
        view,
        output: String::new(),
        figures: Figures {
            speed: "full speed".into(),
            ..Figures::default()
        },
        status: 0,
        ended: false,
    };
    if std::io::stdout().is_terminal() {
        let mut terminal = ratatui::init();
        let result = live(&mut terminal, &mut watched);
        ratatui::restore();
        result?;
    } else {
        plain(&mut watched)?;
    }
    let mut out = std::io::stdout();
    out.write_all(watched.output.as_bytes())?;
    out.flush()?;
    if let Some(m) = watched
        .figures
        .ended
        .as_ref()
        .filter(|_| watched.status != 0)
    {
        eprintln!("{m}");
    }
    Ok(ExitCode::from(watched.status))
}

/// The live view: runs and draws until the user leaves.
fn live(terminal: &mut ratatui::DefaultTerminal, w: &mut Watched) -> anyhow::Result<()> {
    let mut speed = 0;
    let mut paused = false;
    let mut last = (Instant::now(), 0u64);
    loop {
        let began = Instant::now();
        // SIGTERM or SIGHUP (in raw mode Ctrl-C is a key, below).
        if super::interrupt::requested() {
            w.interrupt();
            return Ok(());
        }
        if !paused {
            match SPEEDS[speed] {
                None => {
                    while !w.ended && began.elapsed() < FRAME {
                        w.run(SLICE)?;
                    }
                }
                Some(n) => w.run(n)?,
            }
        }
        let (at, count) = last;
        let secs = at.elapsed().as_secs_f64();
        if secs >= 0.25 && !w.ended {
            w.figures.mips = (w.figures.instructions - count) as f64 / secs / 1e6;
            last = (Instant::now(), w.figures.instructions);
        }
        w.figures.speed = match (paused, SPEEDS[speed]) {
            (true, _) => "paused".into(),
            (false, None) => "full speed".into(),
            (false, Some(n)) => format!("{n} a frame"),
        };
        terminal
            .draw(|f| w.draw(f))
            .context("drawing the watch view")?;
        let wait = FRAME.saturating_sub(began.elapsed());
        if event::poll(wait)? {
            let Event::Key(key) = event::read()? else {
                continue;
            };
            if key.kind != KeyEventKind::Press {
                continue;
            }
            match key.code {
                KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                    w.interrupt();
                    return Ok(());
                }
                KeyCode::Char(' ') => paused = !paused,
                KeyCode::Char('n') => {
                    paused = true;
                    w.run(1)?;
                }
                KeyCode::Char('+') | KeyCode::Char('=') => speed = speed.saturating_sub(1),
                KeyCode::Char('-') => speed = (speed + 1).min(SPEEDS.len() - 1),
                _ => {}
            }
        }
    }
}

/// Without a terminal: a status line a second on standard error, the
/// last view as text at the end.
fn plain(w: &mut Watched) -> anyhow::Result<()> {
    let started = Instant::now();
    let mut next = Duration::from_secs(1);
    while !w.ended {
        w.run(SLICE)?;
        if super::interrupt::requested() {
            w.interrupt();
            break;
        }
        if started.elapsed() >= next {
            next += Duration::from_secs(1);
            let pc = ddt::TypeOut::default().address(w.target.cpu().pc(), &w.symbols);
            eprintln!("{} instructions, PC {pc}", w.figures.instructions);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    w.figures.mips = w.figures.instructions as f64 / secs.max(1e-9) / 1e6;
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(72, 40))?;
    terminal.draw(|f| w.draw(f))?;
    // The view's frame is as tall as the largest board: leave out the
    // empty rows at the bottom of each box.
    let text = watch::buffer_text(terminal.backend().buffer());
    let mut blank = Vec::new();
    for line in text.lines() {
        if line.starts_with('│') && line.trim_matches(|c| c == '│' || c == ' ').is_empty() {
            blank.push(line);
            continue;
        }
        if !line.starts_with('└') {
            for b in blank.iter() {
                eprintln!("{b}");
            }
        }
        blank.clear();
        eprintln!("{line}");
    }
    Ok(())
}
