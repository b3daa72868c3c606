//! The analysis worker: one thread that checks documents, one job at a time, so that the
//! message loop never waits for a check and answers hover, formatting, shutdown... while a
//! hostile document is being checked.
//!
//! Each job carries a copy of the text, a generation (which version of the document it is) and
//! a cancellation flag: the server sets the flag when a newer version comes (or the document is
//! closed, or the server shuts down), and the analysis stops at the next game; a job cancelled
//! before it starts is skipped. Results go back on a channel that the message loop selects on.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

use crossbeam_channel::{Receiver, Sender, unbounded};

use crate::analysis::{Analysis, Bounds};
use crate::caught::panic_text;

/// One document to check.
pub(crate) struct Job {
    pub uri: String,
    /// Which version of the document the text is (the server's count, not the editor's).
    pub generation: u64,
    pub text: Arc<str>,
    pub bounds: Bounds,
    /// Set to stop the check at the next game.
    pub cancel: Arc<AtomicBool>,
}

/// A finished check.
pub(crate) struct Done {
    pub uri: String,
    pub generation: u64,
    pub analysis: Analysis,
}

/// The worker's end of the channels, held by the server.
pub(crate) struct Worker {
    jobs: Sender<Job>,
    /// Finished checks.
    pub done: Receiver<Done>,
}

impl Worker {
    /// Starts the thread. It ends when the server drops its [`Worker`] (after the job it is on,
    /// which the server cancels).
    pub fn start() -> Worker {
        let (jobs, queue) = unbounded::<Job>();
        let (results, done) = unbounded::<Done>();
        let spawned = thread::Builder::new()
            .name("cescacs-lsp-analysis".to_string())
            .spawn(move || work(&queue, &results));
        if let Err(e) = spawned {
            // Without the thread no job is ever done: say why once.
            crate::transport::log(format_args!("cannot start the analysis thread: {e}"));
        }
        Worker { jobs, done }
    }

    /// Queues a job.
    pub fn send(&self, job: Job) {
        let _ = self.jobs.send(job);
    }
}

fn work(queue: &Receiver<Job>, results: &Sender<Done>) {
    for job in queue {
        if job.cancel.load(Ordering::Relaxed) {
            continue;
        }
        let checked = catch_unwind(AssertUnwindSafe(|| {
            Analysis::new(&job.text, &job.uri, job.bounds, &job.cancel)
        }));
        let analysis = match checked {
            Ok(Some(analysis)) => analysis,
            Ok(None) => continue, // cancelled
            Err(panic) => Analysis::failed(format!(
                "internal error while checking {}: {}",
                job.uri,
                panic_text(panic.as_ref())
            )),
        };
        let done = Done { uri: job.uri, generation: job.generation, analysis };
        if results.send(done).is_err() {
            return;
        }
    }
}
