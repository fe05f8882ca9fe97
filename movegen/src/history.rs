//! Repetition detection over a stack of earlier positions, shared by the
//! variants that keep their history as a stack (sides alternating).

/// How many positions among the last `reach` before the current one (the
/// last element of `stack`) have the current key, looking only at positions
/// with the same side to move.
pub fn repetitions<T>(stack: &[T], key: impl Fn(&T) -> u64, reach: usize) -> usize {
    let n = stack.len();
    let reach = reach.min(n - 1);
    let current = key(&stack[n - 1]);
    stack[n - 1 - reach..n - 1]
        .iter()
        .rev()
        .skip(1)
        .step_by(2)
        .filter(|s| key(s) == current)
        .count()
}

/// Draw by repetition as a search sees it: the current position occurred
/// once at or after stack index `root` (inside the search tree), or twice
/// before it.
pub fn repetition_draw<T>(stack: &[T], key: impl Fn(&T) -> u64, reach: usize, root: usize) -> bool {
    let n = stack.len();
    let reach = reach.min(n - 1);
    let current = key(&stack[n - 1]);
    let mut seen = 0;
    let mut i = n as isize - 3;
    let lowest = (n - 1 - reach) as isize;
    while i >= lowest {
        if key(&stack[i as usize]) == current {
            if i as usize >= root {
                return true;
            }
            seen += 1;
            if seen >= 2 {
                return true;
            }
        }
        i -= 2;
    }
    false
}
