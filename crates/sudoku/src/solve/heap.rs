//! The variable order of the clause-learning search ([`super::sat`]).

/// A binary max-heap of variables by activity, for VSIDS.
pub(crate) struct Heap {
    pub(crate) heap: Vec<u32>,
    /// Position in `heap`, or `u32::MAX` when absent.
    pub(crate) pos: Vec<u32>,
}

impl Heap {
    pub(crate) fn new(n: usize) -> Heap {
        Heap {
            heap: (0..n as u32).collect(),
            pos: (0..n as u32).collect(),
        }
    }

    pub(crate) fn contains(&self, v: usize) -> bool {
        self.pos[v] != u32::MAX
    }

    pub(crate) fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if act[p as usize] >= act[v as usize] {
                break;
            }
            self.heap[i] = p;
            self.pos[p as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }

    pub(crate) fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len()
                && act[self.heap[right] as usize] > act[self.heap[left] as usize]
            {
                right
            } else {
                left
            };
            let c = self.heap[child];
            if act[c as usize] <= act[v as usize] {
                break;
            }
            self.heap[i] = c;
            self.pos[c as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }

    pub(crate) fn insert(&mut self, v: usize, act: &[f64]) {
        if self.contains(v) {
            return;
        }
        self.heap.push(v as u32);
        let i = self.heap.len() - 1;
        self.pos[v] = i as u32;
        self.up(i, act);
    }

    pub(crate) fn pop(&mut self, act: &[f64]) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.pos[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            self.down(0, act);
        }
        Some(top as usize)
    }
}
