import * as Primitive from '@radix-ui/react-slider';
// The package's own name, not a relative path: this file is shared as its own module, and a
// relative import would give it a second copy of the runtime (no tenant set in it).
import { sliderStyles, useTenant } from '@forecourt/shared-config';

export interface RangeSliderProps {
  /** Names the pair of thumbs, e.g. 'Price': the thumbs are 'Minimum price' and 'Maximum price'. */
  label: string;
  min: number;
  max: number;
  step: number;
  value: readonly [number, number];
  /** While dragging. */
  onChange: (value: [number, number]) => void;
  /** When the shopper lets go (or a key press ends). */
  onCommit?: (value: [number, number]) => void;
  /** How a value is read out, e.g. '$25,000' or '40,000 kms'. */
  format: (value: number) => string;
  disabled?: boolean;
}

/**
 * The one two-handle slider of the platform, on Radix's slider primitive (keyboard, pointer and
 * screen-reader behaviour: arrow keys, Page Up/Down, Home/End, aria-valuetext), in the tenant's
 * colour. The handles cannot cross. Teams' own rules (snapping, clamping) stay with the team.
 * Shared as its own singleton (`@forecourt/shared-config/slider`) so pages without a slider do
 * not load it.
 */
export function RangeSlider({ label, min, max, step, value, onChange, onCommit, format, disabled }: RangeSliderProps) {
  const { theme } = useTenant();
  const styles = sliderStyles(theme);
  const lower = label.toLowerCase();
  return (
    <Primitive.Root
      min={min}
      max={max}
      step={step}
      value={[...value]}
      minStepsBetweenThumbs={0}
      disabled={disabled}
      onValueChange={(v) => onChange([v[0] ?? min, v[1] ?? max])}
      onValueCommit={(v) => onCommit?.([v[0] ?? min, v[1] ?? max])}
      css={styles.root}
    >
      <Primitive.Track css={styles.track}>
        <Primitive.Range css={styles.range} />
      </Primitive.Track>
      <Primitive.Thumb aria-label={`Minimum ${lower}`} aria-valuetext={format(value[0])} css={styles.thumb} />
      <Primitive.Thumb aria-label={`Maximum ${lower}`} aria-valuetext={format(value[1])} css={styles.thumb} />
    </Primitive.Root>
  );
}

export interface SliderProps {
  /** The thumb's accessible name, e.g. 'Loan term'. */
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onChange: (value: number) => void;
  onCommit?: (value: number) => void;
  /** How the value is read out, e.g. '5 years' or '$30,000'. */
  format: (value: number) => string;
  disabled?: boolean;
  /** Ids of elements describing the slider (its hint, its error). */
  describedBy?: string;
}

/** The one-thumb slider of the platform: the same primitive, look and keyboard as RangeSlider. */
export function Slider({
  label,
  min,
  max,
  step,
  value,
  onChange,
  onCommit,
  format,
  disabled,
  describedBy,
}: SliderProps) {
  const { theme } = useTenant();
  const styles = sliderStyles(theme);
  return (
    <Primitive.Root
      min={min}
      max={max}
      step={step}
      value={[value]}
      disabled={disabled}
      onValueChange={(v) => onChange(v[0] ?? min)}
      onValueCommit={(v) => onCommit?.(v[0] ?? min)}
      css={styles.root}
    >
      <Primitive.Track css={styles.track}>
        <Primitive.Range css={styles.range} />
      </Primitive.Track>
      <Primitive.Thumb
        aria-label={label}
        aria-valuetext={format(value)}
        {...(describedBy ? { 'aria-describedby': describedBy } : {})}
        css={styles.thumb}
      />
    </Primitive.Root>
  );
}
