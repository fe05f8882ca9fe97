//! The copy-make history every [`Position`](crate::Position) keeps: the
//! current state on top of every state before it. Making a move copies the
//! current state, changes the copy and pushes it; unmaking pops it. The
//! states below the top double as the history for repetition rules.

/// A never-empty stack of per-ply states: the starting state at the bottom,
/// the current one on top.
#[derive(Clone)]
pub struct StateStack<S> {
    states: Vec<S>,
}

impl<S: Copy> StateStack<S> {
    /// A stack holding only `start`, with room for `capacity` states before
    /// it reallocates.
    pub fn with_capacity(start: S, capacity: usize) -> Self {
        let mut states = Vec::with_capacity(capacity);
        states.push(start);
        StateStack { states }
    }

    /// The current state.
    #[inline(always)]
    pub fn current(&self) -> &S {
        self.states.last().expect("the stack is never empty")
    }

    /// The current state, to change it in place (it is not a new ply).
    #[inline(always)]
    pub fn current_mut(&mut self) -> &mut S {
        self.states.last_mut().expect("the stack is never empty")
    }

    /// Pushes `state` as the new current state.
    #[inline(always)]
    pub fn push(&mut self, state: S) {
        self.states.push(state);
    }

    /// Pushes a copy of the current state changed by `change` (copy-make).
    #[inline(always)]
    pub fn push_changed(&mut self, change: impl FnOnce(&mut S)) {
        let mut next = *self.current();
        change(&mut next);
        self.states.push(next);
    }

    /// Drops the current state, going back one ply; the starting state is
    /// never dropped.
    #[inline(always)]
    pub fn pop(&mut self) {
        debug_assert!(self.states.len() > 1, "unmake past the starting state");
        self.states.pop();
    }

    /// The number of states pushed since the starting state.
    #[inline(always)]
    pub fn ply(&self) -> usize {
        self.states.len() - 1
    }

    /// Every state, the starting one first and the current one last.
    #[inline(always)]
    pub fn as_slice(&self) -> &[S] {
        &self.states
    }
}
