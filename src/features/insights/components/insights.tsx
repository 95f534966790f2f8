/** The number page's insight cards: automatic analysis and friends of friends. */
export { NeuroanalysisCard } from './neuroanalysis-card'
export { FofCard } from './fof-card'
