/** The demo store's catalogs: three levels of categories, and what kind of products fill each leaf. */

/** How a leaf's products are sized: `xp.Size` is a number in `unit` (EU sizes, litres, metres...). */
export interface SizeScale {
  unit: string;
  values: readonly number[];
}

export interface LeafDefinition {
  id: string;
  name: string;
  /** Prefix of the product IDs, e.g. `TENT` gives `TENT-0001`. */
  code: string;
  /** Product nouns: the last words of product names. */
  nouns: readonly string[];
  /** Unit price range in USD. */
  price: readonly [number, number];
  /** Shipping weight range in pounds. */
  weight: readonly [number, number];
  size: SizeScale | undefined;
  /** Clothing: these products carry colour and size specs, and a few of them text sizes. */
  apparel: boolean;
}

interface Node {
  id: string;
  name: string;
  description: string;
}

export interface CatalogDefinition extends Node {
  /** Level 1 categories, each with level 2 children; leaves (level 3) come from the table below. */
  branches: ReadonlyArray<Node & { children: readonly Node[] }>;
}

const node = (id: string, name: string, description: string): Node => ({ id, name, description });

export const CATALOGS: readonly CatalogDefinition[] = [
  {
    ...node(
      'outdoor-gear',
      'Outdoor Gear',
      'Tents, packs, footwear and climbing hardware for guides, schools and rental fleets.',
    ),
    branches: [
      {
        ...node('camping', 'Camping', 'Shelter, sleep and kitchen gear for nights outside.'),
        children: [
          node('tents', 'Tents', 'Backpacking and family shelters.'),
          node('sleeping', 'Sleeping', 'Bags, quilts and pads.'),
          node('camp-kitchen', 'Camp Kitchen', 'Stoves and cookware.'),
        ],
      },
      {
        ...node('hiking', 'Hiking & Trekking', 'Packs, footwear and poles for days on the trail.'),
        children: [
          node('packs', 'Packs', 'Daypacks and load carriers.'),
          node('footwear', 'Footwear', 'Boots and trail shoes.'),
          node('trail-tools', 'Trail Tools', 'Poles and navigation.'),
        ],
      },
      {
        ...node('climbing', 'Climbing', 'Ropes, hardware and protection for crag and alpine days.'),
        children: [
          node('hardware', 'Hardware', 'Carabiners and belay devices.'),
          node('ropes', 'Ropes', 'Dynamic and static ropes.'),
          node('protection', 'Protection', 'Harnesses and helmets.'),
        ],
      },
    ],
  },
  {
    ...node('outdoor-apparel', 'Outdoor Apparel', 'Layering systems, rainwear and accessories for staff and retail.'),
    branches: [
      {
        ...node('outerwear', 'Outerwear', 'Shells and insulation.'),
        children: [
          node('jackets', 'Jackets', 'Rain and insulated jackets.'),
          node('mid-layers', 'Mid Layers', 'Fleece and vests.'),
        ],
      },
      {
        ...node('base-layers', 'Base Layers', 'Next-to-skin layers.'),
        children: [node('base-tops-bottoms', 'Tops & Bottoms', 'Crews, tights and hiking pants.')],
      },
      {
        ...node('accessories', 'Accessories', 'Hats, gloves and socks.'),
        children: [
          node('headwear-gloves', 'Headwear & Gloves', 'Hats and gloves.'),
          node('socks', 'Socks', 'Hiking and crew socks.'),
        ],
      },
    ],
  },
  {
    ...node('trail-crew', 'Trail Crew & Safety', 'Safety, lighting and tools for park services, on contract pricing.'),
    branches: [
      {
        ...node('safety', 'Safety', 'First aid, shelters and lighting.'),
        children: [
          node('first-aid', 'First Aid', 'Kits and emergency shelters.'),
          node('lighting', 'Lighting', 'Headlamps and lanterns.'),
        ],
      },
      {
        ...node('tools', 'Tools', 'Cutting and digging tools for trail work.'),
        children: [node('cutting-tools', 'Cutting Tools', 'Knives, saws and axes.')],
      },
    ],
  },
];

/**
 * Leaf categories (level 3), one per line:
 * parent | id | name | product ID prefix | nouns | price range | weight range | size unit and values | apparel.
 * A table keeps the data readable; `leaves()` parses it once.
 */
const LEAF_TABLE = `
tents | backpacking-tents | Backpacking Tents | TENT | 1P Tent, 2P Tent, 3P Tent, Bivy Shelter | 149-649 | 2-7 | persons 1 2 3
tents | family-tents | Family Tents | FTNT | 4P Tent, 6P Cabin Tent, 8P Dome Tent | 229-899 | 9-28 | persons 4 6 8
sleeping | sleeping-bags | Sleeping Bags | SBAG | Down Sleeping Bag, Synthetic Sleeping Bag, Quilt | 89-549 | 1-5 | cm 170 185 200
sleeping | sleeping-pads | Sleeping Pads | SPAD | Inflatable Pad, Foam Pad, Camp Mattress | 39-229 | 1-4 | cm 168 183 198
camp-kitchen | stoves | Stoves | STOV | Canister Stove, Liquid Fuel Stove, Two-Burner Stove | 39-249 | 1-12 |
camp-kitchen | cookware | Cookware | COOK | Cook Set, Pot, Mug, Utensil Kit | 12-129 | 0.3-3 | L 0.5 1 1.5 2
packs | daypacks | Daypacks | DPAK | Daypack, Hydration Pack, Summit Pack | 49-179 | 1-3 | L 18 22 28 32
packs | backpacking-packs | Backpacking Packs | BPAK | Backpack, Expedition Pack, Travel Pack | 149-429 | 2-6 | L 45 55 65 75
footwear | hiking-boots | Hiking Boots | BOOT | Hiking Boot, Mountaineering Boot, Approach Shoe | 119-399 | 2-5 | US 7 8 9 10 11 12 13
footwear | trail-runners | Trail Runners | TRUN | Trail Runner, Trail Shoe, Recovery Sandal | 79-189 | 1-3 | US 6 7 8 9 10 11 12
trail-tools | trekking-poles | Trekking Poles | POLE | Trekking Poles, Folding Poles, Staff | 39-199 | 0.8-2 | cm 110 120 130 140
trail-tools | navigation | Navigation | NAVI | Compass, GPS Unit, Altimeter Watch, Map Case | 19-449 | 0.2-1 |
hardware | carabiners | Carabiners | CARA | Locking Carabiner, Wiregate Carabiner, Quickdraw | 9-39 | 0.1-0.4 |
hardware | belay-devices | Belay Devices | BLAY | Belay Device, Assisted Belay Device, Rappel Device | 24-119 | 0.2-0.6 |
ropes | dynamic-ropes | Dynamic Ropes | DROP | Dynamic Rope, Half Rope, Gym Rope | 129-349 | 6-10 | m 40 60 70 80
ropes | static-ropes | Static Ropes | SROP | Static Rope, Rescue Rope, Accessory Cord | 49-299 | 3-12 | m 30 50 100
protection | harnesses | Harnesses | HARN | Climbing Harness, Alpine Harness, Kids Harness | 49-169 | 0.5-1.5 | cm 70 80 90 100
protection | helmets | Helmets | HELM | Climbing Helmet, Foam Helmet, Hardshell Helmet | 59-179 | 0.6-1.2 | cm 52 56 60 64
jackets | rain-jackets | Rain Jackets | RAIN | Rain Jacket, Hardshell Jacket, Rain Poncho | 89-449 | 0.6-1.6 | EU 44 46 48 50 52 54 56 | apparel
jackets | insulated-jackets | Insulated Jackets | INSU | Down Jacket, Synthetic Parka, Belay Jacket | 129-499 | 0.8-2.2 | EU 44 46 48 50 52 54 56 | apparel
mid-layers | fleece | Fleece | FLEE | Fleece Jacket, Grid Fleece Hoody, Quarter-Zip Fleece | 49-169 | 0.6-1.4 | EU 44 46 48 50 52 54 56 | apparel
mid-layers | vests | Vests | VEST | Down Vest, Softshell Vest, Guide Vest | 59-199 | 0.4-1 | EU 44 46 48 50 52 54 56 | apparel
base-tops-bottoms | base-tops | Base Tops | BTOP | Base Layer Crew, Long-Sleeve Tee, Sun Hoody | 29-119 | 0.2-0.6 | EU 44 46 48 50 52 54 56 | apparel
base-tops-bottoms | base-bottoms | Base Bottoms | BBOT | Base Layer Tights, Hiking Pants, Convertible Pants | 34-139 | 0.2-0.9 | EU 44 46 48 50 52 54 56 | apparel
headwear-gloves | hats | Hats | HATS | Beanie, Sun Hat, Trucker Cap | 14-59 | 0.1-0.3 |
headwear-gloves | gloves | Gloves | GLOV | Liner Gloves, Insulated Gloves, Belay Gloves | 19-129 | 0.1-0.5 | EU 7 8 9 10 11
socks | hiking-socks | Hiking Socks | SOCK | Hiking Socks, Crew Socks, Mountaineering Socks | 14-32 | 0.1-0.3 | US 6 8 10 12
first-aid | first-aid-kits | First Aid Kits | FAID | First Aid Kit, Trauma Kit, Blister Kit | 19-249 | 0.3-4 |
first-aid | emergency-shelters | Emergency Shelters | EMER | Emergency Bivy, Storm Shelter, Rescue Blanket | 9-189 | 0.2-3 |
lighting | headlamps | Headlamps | HLMP | Headlamp, Rechargeable Headlamp, Rescue Headlamp | 19-149 | 0.1-0.5 |
lighting | lanterns | Lanterns | LANT | Camp Lantern, Solar Lantern, String Lights | 19-99 | 0.3-2 |
cutting-tools | knives-multitools | Knives & Multi-tools | KNIF | Folding Knife, Multi-tool, Fixed Blade | 24-179 | 0.2-0.8 |
cutting-tools | saws-axes | Saws & Axes | SAWS | Folding Saw, Crosscut Saw, Hatchet, Pulaski | 29-229 | 1-6 | cm 25 35 60 90
`;

function range(text: string): [number, number] {
  const [min, max] = text.split('-').map(Number);
  return [min ?? 0, max ?? min ?? 0];
}

function parseLeaf(line: string): { parent: string; leaf: LeafDefinition } {
  const [parent = '', id = '', name = '', code = '', nouns = '', price = '', weight = '', size = '', kind = ''] = line
    .split('|')
    .map((cell) => cell.trim());
  const [unit, ...values] = size.split(/\s+/).filter(Boolean);
  return {
    parent,
    leaf: {
      id,
      name,
      code,
      nouns: nouns.split(',').map((noun) => noun.trim()),
      price: range(price),
      weight: range(weight),
      size: unit ? { unit, values: values.map(Number) } : undefined,
      apparel: kind === 'apparel',
    },
  };
}

/** Every leaf category with the catalog and ancestors it sits under. */
export interface PlacedLeaf {
  catalogId: string;
  branchId: string;
  childId: string;
  leaf: LeafDefinition;
}

export function placedLeaves(): PlacedLeaf[] {
  const byParent = new Map<string, LeafDefinition[]>();
  for (const line of LEAF_TABLE.split('\n').filter((row) => row.trim() !== '')) {
    const { parent, leaf } = parseLeaf(line);
    byParent.set(parent, [...(byParent.get(parent) ?? []), leaf]);
  }
  return CATALOGS.flatMap((catalog) =>
    catalog.branches.flatMap((branch) =>
      branch.children.flatMap((child) =>
        (byParent.get(child.id) ?? []).map((leaf) => ({
          catalogId: catalog.id,
          branchId: branch.id,
          childId: child.id,
          leaf,
        })),
      ),
    ),
  );
}
