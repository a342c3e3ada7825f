import type { Cue } from './play';

/** Each cue as a short tone: frequency (Hz) and length (ms). Soft sine beeps, nothing to download. */
const TONES: Readonly<Record<Cue, { hz: number; ms: number }>> = {
  move: { hz: 330, ms: 45 },
  merge: { hz: 523, ms: 80 },
  eat: { hz: 660, ms: 70 },
  flip: { hz: 440, ms: 40 },
  match: { hz: 784, ms: 120 },
  miss: { hz: 196, ms: 120 },
  over: { hz: 262, ms: 320 },
};

/** Tiny WebAudio beeps, off until the player turns them on (the audio context starts on that click). */
export class Sound {
  private context: AudioContext | null = null;
  enabled = false;

  toggle(): boolean {
    this.enabled = !this.enabled;
    if (this.enabled && !this.context && typeof AudioContext !== 'undefined')
      this.context = new AudioContext();
    return this.enabled;
  }

  play(cue: Cue | null): void {
    if (!cue || !this.enabled || !this.context) return;
    const { hz, ms } = TONES[cue];
    const start = this.context.currentTime;
    const oscillator = this.context.createOscillator();
    const gain = this.context.createGain();
    oscillator.frequency.value = hz;
    gain.gain.setValueAtTime(0.08, start);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + ms / 1000);
    oscillator.connect(gain).connect(this.context.destination);
    oscillator.start(start);
    oscillator.stop(start + ms / 1000);
  }
}
