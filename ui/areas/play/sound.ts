// The battle's sound, made with Web Audio (no files): the own tank's engine (a low hum that rises
// with its speed), shots, hits, ricochets and explosions, each as loud as it is near the player and
// panned to its side. Volume and mute are kept in the browser (localStorage "tk.sound") and the
// audio starts on the first touch, click or key (browsers allow nothing sooner).

const KEY = "tk.sound";
/** Metres at which a sound is half as loud as at the player's tank. */
const HALF_AT = 35;

export type SoundKind = "shot" | "hit" | "ricochet" | "explosion";

export interface SoundSettings {
  volume: number;
  muted: boolean;
}

export function loadSettings(): SoundSettings {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) ?? "null") as Partial<SoundSettings> | null;
    const volume = typeof s?.volume === "number" && s.volume >= 0 && s.volume <= 1 ? s.volume : 0.6;
    return { volume, muted: s?.muted === true };
  } catch {
    return { volume: 0.6, muted: false };
  }
}

export class BattleSound {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private noise: AudioBuffer | null = null;
  private engine: { osc: OscillatorNode; sub: OscillatorNode; gain: GainNode; filter: BiquadFilterNode } | null = null;
  settings: SoundSettings = loadSettings();
  /** Sounds played, by kind (the e2e reads them). */
  readonly played: Record<SoundKind, number> = { shot: 0, hit: 0, ricochet: 0, explosion: 0 };

  get state(): string {
    return this.ctx?.state ?? "off";
  }

  /** Starts (or resumes) the audio: call it from a user's gesture. */
  start() {
    if (typeof AudioContext === "undefined") return;
    if (!this.ctx) {
      this.ctx = new AudioContext();
      this.master = this.ctx.createGain();
      this.master.connect(this.ctx.destination);
      this.apply();
      const n = this.ctx.sampleRate;
      this.noise = this.ctx.createBuffer(1, n, n);
      const d = this.noise.getChannelData(0);
      let seed = 1;
      for (let i = 0; i < n; i++) {
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        d[i] = seed / 2 ** 31 - 1;
      }
    }
    if (this.ctx.state === "suspended") void this.ctx.resume();
  }

  set(s: Partial<SoundSettings>) {
    this.settings = { ...this.settings, ...s };
    try {
      localStorage.setItem(KEY, JSON.stringify(this.settings));
    } catch {
      /* private mode: the choice holds for this page */
    }
    this.apply();
  }

  private apply() {
    if (this.master && this.ctx)
      this.master.gain.setTargetAtTime(this.settings.muted ? 0 : this.settings.volume, this.ctx.currentTime, 0.02);
  }

  /** The own tank's engine: `share` 0..1 of its top speed (null: no tank, silent). */
  engineAt(share: number | null) {
    const ctx = this.ctx;
    if (!ctx || !this.master || ctx.state !== "running") return;
    if (!this.engine) {
      const osc = ctx.createOscillator();
      const sub = ctx.createOscillator();
      const filter = ctx.createBiquadFilter();
      const gain = ctx.createGain();
      osc.type = "sawtooth";
      sub.type = "square";
      filter.type = "lowpass";
      filter.frequency.value = 320;
      gain.gain.value = 0;
      osc.connect(filter);
      sub.connect(filter);
      filter.connect(gain);
      gain.connect(this.master);
      osc.start();
      sub.start();
      this.engine = { osc, sub, gain, filter };
    }
    const e = this.engine;
    const k = share === null ? 0 : Math.min(1, Math.abs(share));
    const t = ctx.currentTime;
    e.osc.frequency.setTargetAtTime(34 + 46 * k, t, 0.15);
    e.sub.frequency.setTargetAtTime(17 + 23 * k, t, 0.15);
    e.filter.frequency.setTargetAtTime(260 + 520 * k, t, 0.15);
    e.gain.gain.setTargetAtTime(share === null ? 0 : 0.05 + 0.07 * k, t, 0.1);
  }

  /** A sound `dx`, `dy` metres from the player's tank. */
  play(kind: SoundKind, dx = 0, dy = 0) {
    const ctx = this.ctx;
    if (!ctx || !this.master || !this.noise || ctx.state !== "running") return;
    this.played[kind]++;
    const near = 1 / (1 + Math.hypot(dx, dy) / HALF_AT);
    const out = ctx.createGain();
    out.gain.value = near;
    const pan = ctx.createStereoPanner();
    pan.pan.value = Math.max(-0.8, Math.min(0.8, dx / 60));
    out.connect(pan);
    pan.connect(this.master);
    const t = ctx.currentTime;
    const burst = (filterHz: number, endHz: number, peak: number, length: number) => {
      const src = ctx.createBufferSource();
      src.buffer = this.noise;
      const f = ctx.createBiquadFilter();
      f.type = "lowpass";
      f.frequency.setValueAtTime(filterHz, t);
      f.frequency.exponentialRampToValueAtTime(endHz, t + length);
      const g = ctx.createGain();
      g.gain.setValueAtTime(peak, t);
      g.gain.exponentialRampToValueAtTime(0.001, t + length);
      src.connect(f);
      f.connect(g);
      g.connect(out);
      src.start(t, Math.random() * 0.5);
      src.stop(t + length);
    };
    const tone = (type: OscillatorType, from: number, to: number, peak: number, length: number) => {
      const o = ctx.createOscillator();
      o.type = type;
      o.frequency.setValueAtTime(from, t);
      o.frequency.exponentialRampToValueAtTime(to, t + length);
      const g = ctx.createGain();
      g.gain.setValueAtTime(peak, t);
      g.gain.exponentialRampToValueAtTime(0.001, t + length);
      o.connect(g);
      g.connect(out);
      o.start(t);
      o.stop(t + length);
    };
    switch (kind) {
      case "shot":
        burst(2400, 300, 0.8, 0.35);
        tone("sine", 110, 38, 0.7, 0.3);
        break;
      case "hit":
        burst(3200, 900, 0.5, 0.18);
        tone("square", 240, 180, 0.18, 0.16);
        tone("triangle", 371, 300, 0.14, 0.22);
        break;
      case "ricochet":
        tone("sine", 2100, 650, 0.22, 0.38);
        burst(6000, 2500, 0.15, 0.08);
        break;
      case "explosion":
        burst(900, 60, 1, 1.4);
        tone("sine", 70, 26, 0.9, 1.1);
        break;
    }
  }

  stop() {
    void this.ctx?.close();
    this.ctx = null;
    this.engine = null;
    this.master = null;
  }
}
