/** A plant of the demo catalogue that `npm start` seeds into an empty shop. Prices in paise. */
export interface DemoPlant {
  /** Stable, URL-safe name; also names its images (`demo/<slug>/…`). */
  slug: string;
  name: string;
  description: string;
  pricePaise: number;
  stockQuantity: number;
  category: 'foreground' | 'midground' | 'background';
  plantDifficulty: 'easy' | 'medium' | 'advance';
  co2Requirement: 'yes' | 'no' | 'na';
  lightRequirement: 'low' | 'medium' | 'high';
  carbonateHardnessKh: 'low' | 'medium' | 'high';
  generalHardnessGh: 'low' | 'medium' | 'high';
  /** How its illustration is drawn. */
  art: PlantArt;
}

/** Parameters of a plant's generated illustration. */
export interface PlantArt {
  form: 'rosette' | 'stem' | 'carpet' | 'epiphyte' | 'grass' | 'moss' | 'ribbon';
  /** Leaf colours, darkest first. */
  leaf: [string, string];
  /** Optional accent (red tips, bronze undersides). */
  accent?: string;
}

export const DEMO_PLANTS: DemoPlant[] = [
  { slug: 'anubias-nana', name: 'Anubias nana', description: 'A hardy, slow-growing epiphyte with dark green, leathery leaves. Tie it to rock or driftwood; it does not want to be buried.', pricePaise: 24900, stockQuantity: 40, category: 'midground', plantDifficulty: 'easy', co2Requirement: 'no', lightRequirement: 'low', carbonateHardnessKh: 'medium', generalHardnessGh: 'medium', art: { form: 'epiphyte', leaf: ['#1f5e3a', '#2f7d4f'] } },
  { slug: 'java-fern', name: 'Java fern', description: 'Microsorum pteropus: long, textured leaves that thrive in low light. Attach the rhizome to hardscape and let it grow at its own pace.', pricePaise: 19900, stockQuantity: 35, category: 'midground', plantDifficulty: 'easy', co2Requirement: 'no', lightRequirement: 'low', carbonateHardnessKh: 'medium', generalHardnessGh: 'medium', art: { form: 'ribbon', leaf: ['#2d6a35', '#4c9a4f'] } },
  { slug: 'cryptocoryne-wendtii', name: 'Cryptocoryne wendtii', description: 'Bronze-green, wavy leaves for the midground. Roots firmly in nutrient-rich substrate; may melt after planting and then regrows.', pricePaise: 14900, stockQuantity: 50, category: 'midground', plantDifficulty: 'easy', co2Requirement: 'no', lightRequirement: 'low', carbonateHardnessKh: 'medium', generalHardnessGh: 'medium', art: { form: 'rosette', leaf: ['#5b5a2a', '#7d8a3c'], accent: '#8a4b2a' } },
  { slug: 'amazon-sword', name: 'Amazon sword', description: 'Echinodorus bleheri: a large rosette of bright green leaves, a classic centrepiece for bigger tanks. Feed it with root tabs.', pricePaise: 17900, stockQuantity: 30, category: 'background', plantDifficulty: 'easy', co2Requirement: 'no', lightRequirement: 'medium', carbonateHardnessKh: 'medium', generalHardnessGh: 'medium', art: { form: 'rosette', leaf: ['#2e7d32', '#66bb6a'] } },
  { slug: 'rotala-rotundifolia', name: 'Rotala rotundifolia', description: 'A fast stem plant whose tips turn pink to red under strong light. Trim often for a bushy background.', pricePaise: 12900, stockQuantity: 60, category: 'background', plantDifficulty: 'medium', co2Requirement: 'yes', lightRequirement: 'high', carbonateHardnessKh: 'low', generalHardnessGh: 'low', art: { form: 'stem', leaf: ['#4e8f3a', '#8bc34a'], accent: '#e57373' } },
  { slug: 'monte-carlo', name: 'Monte Carlo', description: 'Micranthemum tweediei: tiny round leaves that form a bright green carpet. Needs good light and CO2 to spread quickly.', pricePaise: 29900, stockQuantity: 25, category: 'foreground', plantDifficulty: 'medium', co2Requirement: 'yes', lightRequirement: 'high', carbonateHardnessKh: 'low', generalHardnessGh: 'low', art: { form: 'carpet', leaf: ['#43a047', '#9ccc65'] } },
];

/** Where a demo plant's images live in the photos bucket, and the address the shop serves them at. */
export const demoImageKey = (slug: string, variant: 'large' | 'card' | 'thumb' = 'large') => `demo/${slug}/${variant}.webp`;
export const demoImageUrl = (slug: string) => `/media/${demoImageKey(slug)}`;
