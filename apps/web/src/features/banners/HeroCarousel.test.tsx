import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHome } from '../../test/render-home';
import type { TBannerView } from './banner-view';
import { HeroCarousel } from './HeroCarousel';

function createSlide(index: number): TBannerView {
  return {
    key: String(index),
    img: `/files/slide-${index}.webp`,
    title: `Slide title ${index}`,
    subtitle: `Subtitle ${index}`,
    buttonText: `Go ${index}`,
    link: '#',
    titleLink: '#',
    iconType: 'default',
  };
}

const slides = [1, 2, 3].map(createSlide);

/** The one slide not hidden from assistive tech is the one on screen. */
const shownSlide = () => screen.getByRole('group', { name: /^Slide \d of \d$/ });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('carousel (SPEC 4: autoplay 5000 ms, hover pause, wrap-around)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves to the next slide every 5000 ms and wraps to the first', () => {
    renderHome(<HeroCarousel slides={slides} />, { fakeTimers: true });
    expect(shownSlide()).toHaveAccessibleName('Slide 1 of 3');
    expect(shownSlide()).toHaveTextContent('Slide title 1');
    advance(4999);
    expect(shownSlide()).toHaveAccessibleName('Slide 1 of 3');
    advance(1);
    expect(shownSlide()).toHaveAccessibleName('Slide 2 of 3');
    advance(5000);
    expect(shownSlide()).toHaveAccessibleName('Slide 3 of 3');
    advance(5000);
    expect(shownSlide()).toHaveAccessibleName('Slide 1 of 3');
  });

  it('pauses while hovered and resumes with a full interval after', () => {
    renderHome(<HeroCarousel slides={slides} />, { fakeTimers: true });
    const carousel = screen.getByRole('region', { name: 'Featured' });
    advance(3000);
    fireEvent.mouseEnter(carousel);
    advance(20_000);
    expect(shownSlide()).toHaveAccessibleName('Slide 1 of 3');
    fireEvent.mouseLeave(carousel);
    advance(4999);
    expect(shownSlide()).toHaveAccessibleName('Slide 1 of 3');
    advance(1);
    expect(shownSlide()).toHaveAccessibleName('Slide 2 of 3');
  });

  it('wraps around with the arrows and jumps with the indicators', () => {
    renderHome(<HeroCarousel slides={slides} />, { fakeTimers: true });
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownSlide()).toHaveAccessibleName('Slide 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toHaveAccessibleName('Slide 1 of 3');

    const third = screen.getByRole('button', { name: 'Go to slide 3' });
    fireEvent.click(third);
    expect(shownSlide()).toHaveAccessibleName('Slide 3 of 3');
    expect(third).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute(
      'aria-current',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toHaveAccessibleName('Slide 1 of 3');
  });

  it('restarts the interval after a manual step', () => {
    renderHome(<HeroCarousel slides={slides} />, { fakeTimers: true });
    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    advance(4000);
    expect(shownSlide()).toHaveAccessibleName('Slide 2 of 3');
    advance(1000);
    expect(shownSlide()).toHaveAccessibleName('Slide 3 of 3');
  });

  it("fetches a slide's picture when it is shown or next, and keeps it", () => {
    const four = [1, 2, 3, 4].map(createSlide);
    const { container } = renderHome(<HeroCarousel slides={four} />, { fakeTimers: true });
    const pictures = () =>
      [...container.querySelectorAll<HTMLImageElement>('.hero-slide img')].map((image) =>
        image.getAttribute('src'),
      );
    expect(pictures()).toEqual(['/files/slide-1.webp', '/files/slide-2.webp']);
    advance(5000);
    expect(pictures()).toEqual([
      '/files/slide-1.webp',
      '/files/slide-2.webp',
      '/files/slide-3.webp',
    ]);
    // Back to the first: what was fetched stays. Back once more wraps to the last.
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(pictures()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownSlide()).toHaveAccessibleName('Slide 4 of 4');
    expect(pictures()).toHaveLength(4);
  });

  it('shows no arrows, indicators or autoplay for a single slide', () => {
    renderHome(<HeroCarousel slides={[createSlide(1)]} />, { fakeTimers: true });
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
    advance(10_000);
    expect(screen.getByRole('group', { name: 'Slide 1 of 1' })).toBeInTheDocument();
  });

  it('shows the title, subtitle, button text and a labelled iconType badge', () => {
    const premium = { ...createSlide(1), iconType: 'premium' as const };
    renderHome(<HeroCarousel slides={[premium, createSlide(2)]} />, { fakeTimers: true });
    const slide = screen.getByRole('group', { name: 'Slide 1 of 2' });
    expect(slide).toHaveTextContent('Slide title 1');
    expect(slide).toHaveTextContent('Subtitle 1');
    expect(slide).toHaveTextContent('Go 1');
    expect(slide).toHaveTextContent('Premium');
  });
});
