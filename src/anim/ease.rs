//! Easing curves: maps from linear time fraction (0..=1) to progress (0..=1).

/// Smooth start and stop (cubic), for turns and glides.
pub fn in_out(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

/// Constant speed.
pub fn linear(t: f32) -> f32 {
    t.clamp(0.0, 1.0)
}

/// Accelerating start (quadratic), for a fall that starts from rest.
pub fn accelerate(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curves_start_at_zero_end_at_one_and_rise() {
        for f in [in_out, linear, accelerate] {
            assert_eq!(f(0.0), 0.0);
            assert_eq!(f(1.0), 1.0);
            let mut last = 0.0;
            for i in 1..=100 {
                let v = f(i as f32 / 100.0);
                assert!(v >= last, "not monotonic at {i}");
                last = v;
            }
        }
        assert!((in_out(0.5) - 0.5).abs() < 1e-6);
    }
}
