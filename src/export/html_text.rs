//! Binary data as text inside a page's `<script>` element, seven bits a character (a variant of
//! Kevin Albertson's base-122): base64 would add a third to the page, this adds a seventh.
//!
//! The bits are read seven at a time, most significant first. Each group is one ASCII
//! character, except the three values the HTML parser would change or misread inside a
//! script: NUL (replaced), carriage return (turned into a line feed) and `<` (which could
//! start `</script`). Such a group and the seven bits after it become one character
//! U+0080 + 128 × (which of the three) + (the next group); when it is the last group, the
//! character U+0200 + (which of the three). The last group is padded with zero bits; the
//! reader keeps whole bytes only. The page's script decodes it the same way.

/// The seven-bit values written as two-byte characters.
const ILLEGAL: [u8; 3] = [0, b'\r', b'<'];

/// `bytes` as text that a `<script>` element keeps as it is.
pub fn encode(bytes: &[u8]) -> String {
    let groups = (bytes.len() * 8).div_ceil(7);
    let group = |g: usize| -> u8 {
        let mut v = 0u8;
        for k in 0..7 {
            let bit = g * 7 + k;
            let b = bytes.get(bit / 8).map_or(0, |byte| (byte >> (7 - bit % 8)) & 1);
            v = (v << 1) | b;
        }
        v
    };
    let mut s = String::with_capacity(groups + groups / 32);
    let mut g = 0;
    while g < groups {
        let v = group(g);
        match ILLEGAL.iter().position(|&x| x == v) {
            None => s.push(char::from(v)),
            Some(i) if g + 1 < groups => {
                s.push(char::from_u32(0x80 + 128 * i as u32 + u32::from(group(g + 1))).expect("below U+0200"));
                g += 1;
            }
            Some(i) => s.push(char::from_u32(0x200 + i as u32).expect("a character")),
        }
        g += 1;
    }
    s
}

/// The bytes [`encode`] wrote as `text`; `None` for a character it never writes.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let mut groups: Vec<u8> = Vec::with_capacity(text.len());
    for c in text.chars() {
        let c = c as u32;
        match c {
            0..=0x7f => groups.push(c as u8),
            0x80..=0x1ff => {
                groups.push(*ILLEGAL.get(((c - 0x80) / 128) as usize)?);
                groups.push(((c - 0x80) % 128) as u8);
            }
            0x200..=0x202 => groups.push(ILLEGAL[(c - 0x200) as usize]),
            _ => return None,
        }
    }
    let n = groups.len() * 7 / 8;
    let mut out = vec![0u8; n];
    for (bit, v) in (0..groups.len() * 7).map(|bit| (bit, (groups[bit / 7] >> (6 - bit % 7)) & 1)) {
        if bit / 8 < n {
            out[bit / 8] |= v << (7 - bit % 8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_hand_worked_example() {
        // 0x00 0xff: groups 0000000 0111111 11(00000) -> NUL then '?' as one character, then 0x60.
        assert_eq!(encode(&[0x00, 0xff]), "\u{bf}\u{60}");
        assert_eq!(decode("\u{bf}\u{60}"), Some(vec![0x00, 0xff]));
        // A last group that is illegal: 8 zero bits are groups 0000000 0(000000).
        assert_eq!(encode(&[0]), "\u{80}");
        assert_eq!(encode(&[0x3c << 1]), "\u{180}", "'<' and the group after it");
        assert_eq!(encode(&[0xfe]), "\u{7f}\u{200}", "a last group that is NUL stands alone");
        assert_eq!(decode("\u{7f}\u{200}"), Some(vec![0xfe]));
        assert_eq!(decode("\u{202}"), Some(vec![]));
    }

    #[test]
    fn nothing_the_parser_would_change() {
        let all: Vec<u8> = (0..=255).chain(0..=255).rev().collect();
        let s = encode(&all);
        assert!(!s.contains(['\0', '\r', '<']), "{s:?}");
        assert!(s.len() <= all.len() * 8 / 7 + all.len() / 8 + 2, "{} bytes for {}", s.len(), all.len());
        assert_eq!(decode(&s), Some(all));
    }

    proptest! {
        #[test]
        fn round_trip(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let s = encode(&bytes);
            prop_assert!(!s.contains(['\0', '\r', '<']));
            prop_assert_eq!(decode(&s), Some(bytes));
        }
    }
}
