/**
 * A short two-tone chime made with Web Audio (no sound file to download). Browsers
 * may refuse audio before the user has interacted with the page: then nothing plays.
 */
let context: AudioContext | null = null

export function beep() {
  try {
    context ??= new AudioContext()
    void context.resume()
    const start = context.currentTime
    const gain = context.createGain()
    gain.gain.setValueAtTime(0.0001, start)
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35)
    gain.connect(context.destination)
    const tone = context.createOscillator()
    tone.type = 'sine'
    tone.frequency.setValueAtTime(880, start)
    tone.frequency.setValueAtTime(1320, start + 0.12)
    tone.connect(gain)
    tone.start(start)
    tone.stop(start + 0.36)
  } catch {
    // No audio here (no device, or the browser has no Web Audio): the live region still announces it.
  }
}
