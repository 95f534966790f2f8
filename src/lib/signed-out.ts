/** Where to send the user when the server refuses the token (SPEC.md section 8). */
let handler: () => void = () => window.location.assign('/not-authorized')

export function setSignedOutHandler(next: () => void) {
  handler = next
}

export function onSignedOut() {
  handler()
}
