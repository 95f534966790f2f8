import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Avatar } from '@/components/ui/avatar'
import { modes } from '../../support/modes'

const meta = { title: 'UI/Avatar', component: Avatar } satisfies Meta<typeof Avatar>
export default meta
type Story = StoryObj<typeof meta>

const NAMES = ['Prize Department', 'Amal', 'نور الهدى', 'דנה כהן']

/** A tiny inline picture, so the story needs no network. */
const PICTURE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#0e7490"/><circle cx="20" cy="16" r="7" fill="#e0f2fe"/><rect x="8" y="26" width="24" height="12" rx="6" fill="#e0f2fe"/></svg>',
  )

const initialsStory = modes<Story>({
  args: { name: NAMES[0] },
  render: () => (
    <div className="flex items-center gap-3">
      {NAMES.map((name, i) => (
        <Avatar key={name} name={name} size={32 + i * 8} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Each avatar is one image named after the person; the letters are not read out twice.
    for (const name of NAMES) await expect(canvas.getByRole('img', { name })).toBeVisible()
    await expect(canvas.getByRole('img', { name: NAMES[0] })).toHaveTextContent('PD')
  },
})
export const Initials = initialsStory.light
export const InitialsDark = initialsStory.dark
export const InitialsRtl = initialsStory.rtl
export const InitialsDarkRtl = initialsStory.darkRtl

const pictureStory = modes<Story>({
  args: { name: 'Prize Department', src: PICTURE, size: 56 },
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'Prize Department' })
    await expect(avatar.querySelector('img')).toHaveAttribute('alt', '')
  },
})
export const Picture = pictureStory.light
export const PictureDark = pictureStory.dark
export const PictureRtl = pictureStory.rtl
export const PictureDarkRtl = pictureStory.darkRtl
