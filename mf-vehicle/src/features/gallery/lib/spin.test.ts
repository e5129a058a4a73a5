import { frameAfterDrag, hotspotsAt, stepFrame } from './spin';

describe('spin by drag (spec: 20 pixels per frame)', () => {
  it('turns one frame per 20 px dragged, and not before', () => {
    expect([frameAfterDrag(0, -19, 36), frameAfterDrag(0, -20, 36), frameAfterDrag(0, -65, 36)]).toEqual([0, 1, 3]);
  });

  it('turns back when dragged the other way, wrapping past the first frame', () => {
    expect(frameAfterDrag(0, 40, 36)).toBe(34);
  });
});

describe('spin by arrow keys', () => {
  it('steps one frame and wraps round the turn', () => {
    expect([stepFrame(35, 1, 36), stepFrame(0, -1, 36)]).toEqual([0, 35]);
  });
});

describe('hotspots', () => {
  const hotspots = [
    {
      id: 'h1',
      description: 'Tow bar',
      positions: [
        { activeAngle: 4, posX: 30, posY: 60 },
        { activeAngle: 5, posX: 35, posY: 60 },
      ],
    },
  ];

  it('show at their angles, at their positions', () => {
    expect(hotspotsAt(hotspots, 5)).toEqual([{ id: 'h1', description: 'Tow bar', x: 35, y: 60 }]);
  });

  it('hide at other angles', () => {
    expect(hotspotsAt(hotspots, 6)).toEqual([]);
  });
});
