//! DaCe's TensorDot node (`np.tensordot`) as a contraction: left axis
//! `left_axes[p]` and right axis `right_axes[p]` share a summed index; the
//! free axes, left ones first, index the output, whose dimension `k` is free
//! axis `permutation[k]` (DaCe's pure expansion).

use super::contraction::Contraction;
use super::function::FnGen;
use super::library::Operand;

/// Index terms of the two inputs and the output.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Terms {
    pub left: Vec<usize>,
    pub right: Vec<usize>,
    pub output: Vec<usize>,
}

/// The index terms of `tensordot(left, right, (left_axes, right_axes))`
/// followed by `transpose(permutation)`.
pub(super) fn tensordot_terms(
    left_rank: usize,
    right_rank: usize,
    left_axes: &[usize],
    right_axes: &[usize],
    permutation: Option<&[usize]>,
) -> Result<Terms, String> {
    if left_axes.len() != right_axes.len() {
        return Err(format!("TensorDot contracts {} left axes with {} right axes", left_axes.len(), right_axes.len()));
    }
    for (axes, rank, side) in [(left_axes, left_rank, "left"), (right_axes, right_rank, "right")] {
        if let Some(bad) = axes.iter().enumerate().find(|(i, &a)| a >= rank || axes[..*i].contains(&a)) {
            return Err(format!("TensorDot {side} axis {} is repeated or out of range for a rank-{rank} tensor", bad.1));
        }
    }
    let contracted = left_axes.len();
    let mut next = contracted;
    let mut free = Vec::new();
    let mut term = |rank: usize, axes: &[usize]| -> Vec<usize> {
        (0..rank)
            .map(|d| match axes.iter().position(|&a| a == d) {
                Some(p) => p,
                None => {
                    free.push(next);
                    next += 1;
                    next - 1
                }
            })
            .collect()
    };
    let (left, right) = (term(left_rank, left_axes), term(right_rank, right_axes));
    let output = match permutation {
        None => free,
        Some(p) => {
            let mut sorted = p.to_vec();
            sorted.sort_unstable();
            if sorted != (0..free.len()).collect::<Vec<_>>() {
                return Err(format!("TensorDot permutation {p:?} does not permute the {} output axes", free.len()));
            }
            p.iter().map(|&k| free[k]).collect()
        }
    };
    Ok(Terms { left, right, output })
}

impl FnGen<'_, '_> {
    /// `axes`: the node's `left_axes`, `right_axes` and `permutation`.
    pub(super) fn tensordot(&mut self, left: &Operand, right: &Operand, out: &Operand, axes: (&[usize], &[usize], Option<&[usize]>)) -> Result<(), String> {
        let (left_axes, right_axes, permutation) = axes;
        // Axes count the container's dimensions, as in DaCe's expansion.
        let (l, r) = (self.full_view(left), self.full_view(right));
        let t = tensordot_terms(l.start.len(), r.start.len(), left_axes, right_axes, permutation)?;
        let o = self.shaped_view(out, t.output.len(), "TensorDot output")?;
        self.contract(&Contraction { inputs: vec![(&l, t.left), (&r, t.right)], output: (&o, t.output), alpha: None, beta: None })
    }
}

#[cfg(test)]
mod tests {
    use super::{tensordot_terms, Terms};

    #[test]
    fn terms_follow_numpy() {
        // np.tensordot(A[3,4,5], B[5,4,2], ([1,2],[1,0])) -> [3,2]
        let t = tensordot_terms(3, 3, &[1, 2], &[1, 0], None).unwrap();
        assert_eq!(t, Terms { left: vec![2, 0, 1], right: vec![1, 0, 3], output: vec![2, 3] });
        let t = tensordot_terms(3, 3, &[1, 2], &[1, 0], Some(&[1, 0])).unwrap();
        assert_eq!(t.output, vec![3, 2]);
    }

    #[test]
    fn bad_axes_are_rejected() {
        assert!(tensordot_terms(2, 2, &[1], &[0, 1], None).unwrap_err().contains("contracts 1 left axes with 2"));
        assert!(tensordot_terms(2, 2, &[2], &[0], None).unwrap_err().contains("left axis 2"));
        assert!(tensordot_terms(2, 2, &[1], &[0], Some(&[0, 0])).unwrap_err().contains("permutation [0, 0]"));
    }
}
