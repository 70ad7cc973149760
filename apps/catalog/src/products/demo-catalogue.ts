/** A demo plant; prices in paise. */
export interface DemoPlant {
  name: string;
  description: string;
  pricePaise: number;
  stockQuantity: number;
  category: 'foreground' | 'midground' | 'background';
  plantDifficulty: 'easy' | 'medium' | 'advance';
  co2Requirement: 'yes' | 'no' | 'na';
  lightRequirement: 'low' | 'medium' | 'high';
}

/** The catalogue `npm start` seeds into an empty shop. */
export const DEMO_CATALOGUE: DemoPlant[] = [
  { name: 'Anubias nana', description: 'A hardy, slow-growing epiphyte with dark green, leathery leaves. Tie it to rock or driftwood; it does not want to be buried.', pricePaise: 24900, stockQuantity: 40, category: 'midground', plantDifficulty: 'easy', co2Requirement: 'no', lightRequirement: 'low' },
  { name: 'Java fern', description: 'Microsorum pteropus: long, textured leaves that thrive in low light. Attach the rhizome to hardscape and let it grow at its own pace.', pricePaise: 19900, stockQuantity: 35, category: 'midground', plantDifficulty: 'easy', co2Requirement: 'no', lightRequirement: 'low' },
  { name: 'Cryptocoryne wendtii', description: 'Bronze-green, wavy leaves for the midground. Roots firmly in nutrient-rich substrate; may melt after planting and then regrows.', pricePaise: 14900, stockQuantity: 50, category: 'midground', plantDifficulty: 'easy', co2Requirement: 'no', lightRequirement: 'low' },
  { name: 'Amazon sword', description: 'Echinodorus bleheri: a large rosette of bright green leaves, a classic centrepiece for bigger tanks. Feed it with root tabs.', pricePaise: 17900, stockQuantity: 30, category: 'background', plantDifficulty: 'easy', co2Requirement: 'no', lightRequirement: 'medium' },
  { name: 'Rotala rotundifolia', description: 'A fast stem plant whose tips turn pink to red under strong light. Trim often for a bushy background.', pricePaise: 12900, stockQuantity: 60, category: 'background', plantDifficulty: 'medium', co2Requirement: 'yes', lightRequirement: 'high' },
  { name: 'Monte Carlo', description: 'Micranthemum tweediei: tiny round leaves that form a bright green carpet. Needs good light and CO2 to spread quickly.', pricePaise: 29900, stockQuantity: 25, category: 'foreground', plantDifficulty: 'medium', co2Requirement: 'yes', lightRequirement: 'high' },
];
