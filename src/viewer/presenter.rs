//! The playback viewer's state, apart from the window: the slides (title cards and shows),
//! which one is shown, its [`Player`], and the overlays (help, blank, status line on or off).
//! Keys arrive as [`Action`]s and the timeline bar as fractions of its width, so that a talk's
//! navigation is tested without a display.

use super::keys::Action;
use super::notes::Where;
use super::player::Player;
use crate::anim::{Animated, Timeline};
use crate::scene::Scene;

pub use crate::talk::slides::{Card as TitleCard, Shown, Slide};

/// How the slides are played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playing {
    /// Each show starts playing when it is reached (otherwise it waits for PageDown or space).
    pub autoplay: bool,
    /// When a show ends, go on to the next slide (after the last, the first), playing.
    pub cycle: bool,
    /// Start with the status line and the timeline shown.
    pub hud: bool,
    /// Initial speed factor (1.0 = real time).
    pub speed: f64,
}

/// What the window must do after an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing more.
    None,
    /// Close the window.
    Quit,
    /// Toggle full screen.
    Fullscreen,
    /// Save the current show as a GIF.
    SaveGif,
    /// Open or close the presenter view.
    PresenterView,
}

/// The playback viewer's state.
pub struct Presenter {
    slides: Vec<Slide>,
    timelines: Vec<Option<Timeline>>,
    current: usize,
    /// The position in the current slide.
    pub player: Player,
    /// Speed factor (1.0 = real time), kept from slide to slide.
    pub speed: f64,
    /// The help overlay is shown (time stands still).
    pub help: bool,
    /// The screen is black until any key (time stands still).
    pub blank: bool,
    /// The status line and the timeline bar are shown.
    pub hud: bool,
    /// A message for the status line and the seconds it has left.
    pub message: Option<(String, f64)>,
    playing: Playing,
    /// While the timeline bar is held: whether the show was playing when it was pressed.
    held: Option<bool>,
}

impl Presenter {
    /// The first slide, at its start.
    ///
    /// # Panics
    /// If `slides` is empty.
    pub fn new(slides: Vec<Slide>, playing: Playing) -> Presenter {
        assert!(!slides.is_empty(), "at least one slide");
        let timelines = slides
            .iter()
            .map(|s| match &s.shown {
                Shown::Show(anim) => Some(Timeline::new(anim.as_ref(), anim.pacing().mode(Some(60.0)), 1.0)),
                Shown::Card(_) => None,
            })
            .collect();
        let mut p = Presenter {
            slides,
            timelines,
            current: 0,
            player: Player::new(None),
            speed: playing.speed,
            help: false,
            blank: false,
            hud: playing.hud,
            message: None,
            playing,
            held: None,
        };
        p.go(0, false);
        p
    }

    /// The index of the slide shown (from 0) and the number of slides.
    pub fn position(&self) -> (usize, usize) {
        (self.current, self.slides.len())
    }

    /// The slide shown.
    pub fn slide(&self) -> &Slide {
        &self.slides[self.current]
    }

    /// The current show's timeline (`None` on a title card).
    pub fn timeline(&self) -> Option<&Timeline> {
        self.timelines[self.current].as_ref()
    }

    /// The current show's picture at the time shown (`None` on a title card).
    pub fn scene(&self) -> Option<Scene> {
        match (&self.slide().shown, self.timeline()) {
            (Shown::Show(anim), Some(tl)) => Some(tl.scene_at(anim.as_ref(), self.player.t)),
            _ => None,
        }
    }

    /// Shows slide `i` (clamped), at its start or its end, paused unless it autoplays.
    pub fn go(&mut self, i: usize, at_end: bool) {
        self.current = i.min(self.slides.len() - 1);
        self.player = Player::new(self.timelines[self.current].as_ref());
        if at_end {
            self.player.end();
        } else {
            self.player.playing = self.playing.autoplay && self.player.duration > 0.0;
        }
        self.held = None;
    }

    /// Shows slide `slide` (from 0) at `t` seconds, paused (for screenshots).
    pub fn show_at(&mut self, slide: usize, t: f64) {
        self.go(slide, false);
        self.player.seek(t);
        self.player.playing = false;
    }

    /// Applies one key's action.
    pub fn act(&mut self, action: Action) -> Effect {
        if self.help {
            match action {
                Action::Help | Action::Escape => self.help = false,
                Action::Quit => return Effect::Quit,
                Action::Fullscreen => return Effect::Fullscreen,
                _ => {}
            }
            return Effect::None;
        }
        let n = self.slides.len();
        match action {
            Action::Forward => {
                if !self.player.forward(self.speed) && self.current + 1 < n {
                    self.go(self.current + 1, false);
                }
            }
            Action::Back => {
                if !self.player.back(self.speed) && self.current > 0 {
                    self.go(self.current - 1, true);
                }
            }
            Action::Home => self.player.home(),
            Action::End => self.player.end(),
            Action::PlayPause => self.player.toggle(),
            Action::Slower => self.speed = (self.speed / 1.5).max(1.0 / 16.0),
            Action::Faster => self.speed = (self.speed * 1.5).min(16.0),
            Action::Restart => self.player.restart(),
            Action::ToggleHud => self.hud = !self.hud,
            Action::Blank => self.blank = true,
            Action::Help => self.help = true,
            Action::Escape | Action::Quit => return Effect::Quit,
            Action::Fullscreen => return Effect::Fullscreen,
            Action::SaveGif => return Effect::SaveGif,
            Action::PresenterView => return Effect::PresenterView,
        }
        Effect::None
    }

    /// A key was pressed: while blank, it only ends the blank (true: the key is used up).
    pub fn unblank(&mut self) -> bool {
        std::mem::take(&mut self.blank)
    }

    /// The timeline bar is pressed at `fraction` (0..=1) of its width: the time jumps there,
    /// and the show pauses while the bar is held.
    pub fn press_bar(&mut self, fraction: f64) {
        if self.help || self.player.duration <= 0.0 {
            return;
        }
        self.held = Some(self.player.playing);
        self.drag_bar(fraction);
    }

    /// The held bar is dragged to `fraction` of its width: the picture follows.
    pub fn drag_bar(&mut self, fraction: f64) {
        if self.held.is_some() {
            self.player.seek(fraction.clamp(0.0, 1.0) * self.player.duration);
            self.player.playing = false;
        }
    }

    /// The bar is let go: the show plays on if it was playing.
    pub fn release_bar(&mut self) {
        if let Some(was) = self.held.take() {
            self.player.playing = was && self.player.t < self.player.duration;
        }
    }

    /// True while the timeline bar is held.
    pub fn holding_bar(&self) -> bool {
        self.held.is_some()
    }

    /// Advances `dt` seconds of real time (not while help or blank is shown, nor while the bar
    /// is held); in cycle mode, a show that ends gives way to the next slide.
    pub fn update(&mut self, dt: f64) {
        if let Some((_, left)) = &mut self.message {
            *left -= dt;
            if *left <= 0.0 {
                self.message = None;
            }
        }
        if self.help || self.blank || self.held.is_some() {
            return;
        }
        if self.player.update(dt, self.speed) && self.playing.cycle {
            let next = (self.current + 1) % self.slides.len();
            self.go(next, false);
            self.player.playing = self.player.duration > 0.0;
        }
    }

    /// Where the show is, for the presenter view: the slide (from 1), its notes, the next
    /// item's title (the next slide whose title differs: an item's card and its show share one).
    pub fn where_now(&self) -> Where {
        let slide = self.slide();
        let next = self.slides[self.current + 1..].iter().find(|s| s.title != slide.title).map(|s| s.title.clone());
        Where {
            slide: self.current + 1,
            slides: self.slides.len(),
            title: slide.title.clone(),
            notes: slide.notes.clone(),
            next,
            t: self.player.t,
            duration: self.player.duration,
            playing: self.player.playing || self.player.stepping(),
        }
    }

    /// The status line: the slide (in a deck), the manipulation, the time, the speed, playing
    /// or paused, and the last message.
    pub fn status(&self) -> String {
        let (i, n) = self.position();
        let mut s = String::new();
        let title = self.slide().title.as_str();
        if n > 1 {
            s.push_str(&format!("{}/{n} {title}   ", i + 1));
        }
        match self.slide().shown {
            Shown::Card(_) => s.push_str("title card   PageDown: next"),
            Shown::Show(_) => {
                let p = &self.player;
                s.push_str(&format!(
                    "move {}/{}   {:.1} s / {:.1} s   {:.2}x   {}",
                    p.done(),
                    p.manipulations.starts.len(),
                    p.t,
                    p.duration,
                    self.speed,
                    if p.playing || p.stepping() { "playing" } else { "paused" }
                ));
            }
        }
        if let Some((m, _)) = &self.message {
            s.push_str("   ");
            s.push_str(m);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r#box::draw::BoxAnimation;
    use crate::r#box::{parse_moves, record, BoxState};

    fn show(moves: &str) -> Slide {
        let s = BoxState::parse(".........@...o....ooo..xox...").unwrap();
        let m = parse_moves(moves).unwrap();
        let (trace, failure) = record(&s, &m);
        let anim = Box::new(BoxAnimation::new(trace, m, failure));
        Slide { title: moves.into(), notes: None, shown: Shown::Show(anim) }
    }

    fn card(t: &str) -> Slide {
        Slide { title: t.into(), notes: None, shown: Shown::Card(TitleCard { title: t.into(), lines: vec![] }) }
    }

    const TALK: Playing = Playing { autoplay: false, cycle: false, hud: true, speed: 1.0 };

    fn settle(p: &mut Presenter) {
        for _ in 0..20 {
            p.update(0.05);
        }
    }

    #[test]
    fn pagedown_walks_a_talk_and_pageup_walks_back() {
        let mut p = Presenter::new(vec![card("talk"), card("one"), show("+>"), show("|")], TALK);
        assert_eq!(p.position(), (0, 4));
        p.act(Action::Forward);
        p.act(Action::Forward);
        assert_eq!(p.position().0, 2);
        assert!(!p.player.playing, "a talk's show waits for the presenter");
        for _ in 0..2 {
            p.act(Action::Forward);
            settle(&mut p);
        }
        assert_eq!(p.player.done(), 2);
        assert_eq!(p.position().0, 2, "still in the item: its end is reached, not passed");
        p.act(Action::Forward);
        assert_eq!((p.position().0, p.player.t), (3, 0.0), "the next item, at its start");
        p.act(Action::Back);
        assert_eq!(p.position().0, 2, "back at the start goes to the previous item...");
        assert_eq!(p.player.t, p.player.duration, "...at its end");
        p.act(Action::Back);
        settle(&mut p);
        assert_eq!(p.player.done(), 1);
    }

    #[test]
    fn help_freezes_time_and_takes_only_its_keys() {
        let mut p = Presenter::new(vec![show("+>|")], Playing { autoplay: true, ..TALK });
        p.update(0.3);
        let before = p.player.clone();
        p.act(Action::Help);
        p.update(1.0);
        assert_eq!(p.act(Action::Forward), Effect::None);
        assert_eq!(p.player, before, "nothing moves under the help");
        assert_eq!(p.act(Action::Escape), Effect::None, "Esc hides the help and does not quit");
        assert!(!p.help);
        assert_eq!(p.player, before);
        assert_eq!(p.act(Action::Escape), Effect::Quit);
    }

    #[test]
    fn blank_waits_for_any_key() {
        let mut p = Presenter::new(vec![show("+")], TALK);
        p.act(Action::Blank);
        assert!(p.blank);
        assert!(p.unblank(), "the key is used up");
        assert!(!p.blank && !p.unblank());
    }

    #[test]
    fn the_bar_jumps_scrubs_and_resumes() {
        let mut p = Presenter::new(vec![show("+>|<")], Playing { autoplay: true, ..TALK });
        let d = p.player.duration;
        p.press_bar(0.25);
        assert_eq!(p.player.t, 0.25 * d);
        p.update(1.0);
        assert_eq!(p.player.t, 0.25 * d, "held: the picture stays where the mouse is");
        p.drag_bar(0.5);
        assert_eq!(p.player.t, 0.5 * d);
        p.drag_bar(1.7);
        assert_eq!(p.player.t, d, "clamped");
        p.drag_bar(0.5);
        p.release_bar();
        assert!(p.player.playing, "it was playing");
        p.update(0.1);
        assert!(p.player.t > 0.5 * d);
    }

    #[test]
    fn cycle_goes_round_the_shows() {
        let mut p = Presenter::new(vec![show("+"), show("|")], Playing { autoplay: true, cycle: true, ..TALK });
        for _ in 0..2 {
            let d = p.player.duration;
            let i = p.position().0;
            p.update(d + 0.01);
            assert_eq!(p.position().0, (i + 1) % 2);
            assert!(p.player.playing);
        }
    }

    #[test]
    fn the_presenter_view_hears_the_slide_its_notes_and_the_next_item() {
        let mut with_notes = card("Box");
        with_notes.notes = Some("Watch the smole".into());
        let mut shown = show("+>");
        shown.title = "Box".into();
        shown.notes = with_notes.notes.clone();
        let mut p = Presenter::new(vec![card("Talk"), with_notes, shown, card("Mine")], TALK);
        assert_eq!(p.act(Action::PresenterView), Effect::PresenterView);
        let w = p.where_now();
        assert_eq!(
            (w.slide, w.slides, w.title.as_str(), w.notes, w.next.as_deref()),
            (1, 4, "Talk", None, Some("Box"))
        );
        p.act(Action::Forward);
        p.act(Action::Forward);
        let w = p.where_now();
        assert_eq!((w.slide, w.notes.as_deref()), (3, Some("Watch the smole")));
        assert_eq!(w.next.as_deref(), Some("Mine"), "the card and the show of one item are one item");
        assert_eq!((w.t, w.duration > 0.0, w.playing), (0.0, true, false));
        p.act(Action::End);
        p.act(Action::Forward);
        assert_eq!((p.where_now().slide, p.where_now().next), (4, None));
    }

    #[test]
    fn the_status_line_says_where_the_show_is() {
        let mut p = Presenter::new(vec![card("Box"), show("+>")], TALK);
        assert_eq!(p.status(), "1/2 Box   title card   PageDown: next");
        p.act(Action::Forward);
        p.act(Action::Forward);
        settle(&mut p);
        let d = p.player.duration;
        assert_eq!(p.status(), format!("2/2 +>   move 1/2   {:.1} s / {d:.1} s   1.00x   paused", p.player.t));
    }
}
