import { setProjectAnnotations } from '@storybook/react-vite'
import preview from '../../.storybook/preview'

// Stories composed in visual.test.tsx get the same decorators, loaders and beforeEach as in Storybook.
setProjectAnnotations(preview)

// Pictures must not depend on where an animation or the caret happened to be.
const still = document.createElement('style')
still.textContent = `*, *::before, *::after {
  animation-duration: 0s !important; animation-delay: 0s !important;
  transition-duration: 0s !important; transition-delay: 0s !important;
  caret-color: transparent !important;
}`
document.head.append(still)
