import { ORDER_PRESETS } from '@threadcart/contracts';
import { Button } from '../../../components/ui/button.tsx';

export type OrderPreset = (typeof ORDER_PRESETS)[number];

/** The Example Queries of docs/product.md §7.12: each button loads a preset tree (and its content type). */
export function PresetButtons({ onLoad }: { onLoad: (preset: OrderPreset) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-text-secondary">Example Queries:</span>
      {ORDER_PRESETS.map((preset) => (
        <Button key={preset.name} variant="outline" size="sm" onClick={() => onLoad(preset)}>
          {preset.name}
        </Button>
      ))}
    </div>
  );
}
