//! The variable order of the clause-learning search ([`super::sat`]).

/// A binary max-heap of variables by activity, for VSIDS.
#[derive(Clone)]
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

#[cfg(test)]
mod tests {
    use super::Heap;

    /// Distinct activities in a scrambled order (a multiplicative walk
    /// modulo a prime), so no insertion order happens to be sorted.
    fn activities(n: usize) -> Vec<f64> {
        (0..n).map(|v| ((v * 37 + 11) % 101) as f64 + 0.5).collect()
    }

    fn drain(heap: &mut Heap, act: &[f64]) -> Vec<usize> {
        std::iter::from_fn(|| heap.pop(act)).collect()
    }

    fn assert_consistent(heap: &Heap) {
        for (i, &v) in heap.heap.iter().enumerate() {
            assert_eq!(heap.pos[v as usize], i as u32, "variable {v}");
        }
    }

    #[test]
    fn bumped_variables_come_out_by_falling_activity() {
        // VSIDS starts every variable at 0 (any order is a heap), then
        // raises activities one at a time, sifting each variable up.
        let n = 60;
        let target = activities(n);
        let mut act = vec![0.0; n];
        let mut heap = Heap::new(n);
        for v in 0..n {
            act[v] = target[v];
            heap.up(heap.pos[v] as usize, &act);
            assert_consistent(&heap);
        }
        let order = drain(&mut heap, &act);
        assert_eq!(order.len(), n);
        for pair in order.windows(2) {
            assert!(act[pair[0]] > act[pair[1]], "{order:?}");
        }
        assert!((0..n).all(|v| !heap.contains(v)));
    }

    #[test]
    fn popped_variables_come_back_in_their_place() {
        // Backtracking puts unassigned variables back; the next pop is the
        // most active one again, whatever came out before.
        let n = 40;
        let act = activities(n);
        let mut heap = Heap::new(0);
        heap.pos = vec![u32::MAX; n];
        for v in (0..n).rev() {
            heap.insert(v, &act);
        }
        heap.insert(3, &act); // already there: no duplicate
        assert_eq!(heap.heap.len(), n);
        let first: Vec<usize> = (0..15).map(|_| heap.pop(&act).unwrap()).collect();
        assert_consistent(&heap);
        for &v in first.iter().rev() {
            heap.insert(v, &act);
        }
        let order = drain(&mut heap, &act);
        let mut sorted: Vec<usize> = (0..n).collect();
        sorted.sort_by(|&a, &b| act[b].total_cmp(&act[a]));
        assert_eq!(order, sorted);
    }
}
