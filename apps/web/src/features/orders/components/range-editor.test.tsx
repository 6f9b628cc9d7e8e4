import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { parseBound, RangeEditor, toRange, type Range } from './range-editor.tsx';

function Harness({ initial, onCommit }: { initial: unknown; onCommit: (value: Range) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RangeEditor
        label="Post Upvotes"
        value={value}
        onCommit={(next) => {
          onCommit(next);
          setValue(next);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

const setup = (initial: unknown = [null, null]) => {
  const onCommit = vi.fn();
  const user = userEvent.setup();
  render(<Harness initial={initial} onCommit={onCommit} />);
  return {
    user,
    onCommit,
    min: screen.getByLabelText('Post Upvotes minimum') as HTMLInputElement,
    max: screen.getByLabelText('Post Upvotes maximum') as HTMLInputElement,
  };
};

describe('parseBound / toRange', () => {
  it('keeps whole numbers, makes empty and non-numeric null, raises negatives to 0', () => {
    expect(parseBound('42')).toBe(42);
    expect(parseBound(' 7 ')).toBe(7);
    expect(parseBound('')).toBeNull();
    expect(parseBound('abc')).toBeNull();
    expect(parseBound('1.5')).toBeNull();
    expect(parseBound(2.5)).toBeNull();
    expect(parseBound('-3')).toBe(0);
    expect(parseBound(null)).toBeNull();
    expect(toRange([100, 500])).toEqual([100, 500]);
    expect(toRange('100-500')).toEqual([null, null]);
    expect(toRange(undefined)).toEqual([null, null]);
  });
});

describe('RangeEditor', () => {
  it('commits [min, max] as typed, without waiting for the box to lose focus', async () => {
    const { user, onCommit, min, max } = setup();
    await user.type(min, '100');
    expect(onCommit).toHaveBeenLastCalledWith([100, null]);
    await user.type(max, '500');
    expect(onCommit).toHaveBeenLastCalledWith([100, 500]);
    const calls = onCommit.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(onCommit).toHaveBeenCalledTimes(calls);
  });

  it('treats an empty box as unbounded (null) and commits on Enter too', async () => {
    const { user, onCommit, min, max } = setup([10, 20]);
    expect(min.value).toBe('10');
    expect(max.value).toBe('20');
    await user.clear(max);
    await user.keyboard('{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith([10, null]);
  });

  it('accepts integers only with a minimum of 0', async () => {
    const { user, onCommit, min } = setup();
    expect(min).toHaveAttribute('min', '0');
    expect(min).toHaveAttribute('step', '1');
    await user.type(min, '-5');
    await user.tab();
    expect(onCommit).toHaveBeenLastCalledWith([0, null]);
    expect(min.value).toBe('0');
    await user.clear(min);
    await user.type(min, '2.5');
    await user.tab();
    expect(onCommit).toHaveBeenLastCalledWith([null, null]);
    expect(min.value).toBe('');
  });

  it("moves the maximum box's lower bound with the minimum and flags max < min", async () => {
    const { user, min, max } = setup();
    expect(max).toHaveAttribute('min', '0');
    await user.type(min, '50');
    expect(max).toHaveAttribute('min', '50');
    await user.type(max, '10');
    expect(max).toHaveAttribute('aria-invalid', 'true');
    await user.clear(min);
    expect(max).toHaveAttribute('min', '0');
    expect(max).not.toHaveAttribute('aria-invalid');
  });

  it('shows a new committed value from outside (a reset or preset)', () => {
    const { rerender } = render(<RangeEditor label="Replies" value={[5, 20]} onCommit={() => {}} />);
    expect(screen.getByLabelText<HTMLInputElement>('Replies minimum').value).toBe('5');
    rerender(<RangeEditor label="Replies" value={[null, null]} onCommit={() => {}} />);
    expect(screen.getByLabelText<HTMLInputElement>('Replies minimum').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Replies maximum').value).toBe('');
  });
});
