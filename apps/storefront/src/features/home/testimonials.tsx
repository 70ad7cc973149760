import { StarIcon } from '../ui/icons.js';

interface Testimonial {
  readonly name: string;
  readonly city: string;
  readonly quote: string;
}

// Fixed sample content (spec §1): not loaded from a server, and every one is rated 5.
const RATING = 5;
const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Priya Sharma',
    city: 'Pune',
    quote: 'My Anubias arrived green and perfectly packed. Three weeks in, it is already putting out new leaves.',
  },
  {
    name: 'Rahul Verma',
    city: 'Bengaluru',
    quote: 'A great range for a first planted tank. The care instructions made setting up my aquascape simple.',
  },
  {
    name: 'Sneha Das',
    city: 'Kolkata',
    quote: 'Fast delivery and healthy plants every single time. Jalaj is now my go-to shop for aquarium plants.',
  },
];

/** Three customer quotes. */
export function Testimonials() {
  return (
    <section className="section deferred-render" aria-labelledby="testimonials-title">
      <div className="container">
        <header className="section__header">
          <h2 id="testimonials-title" className="section__title">
            What Our Customers Say
          </h2>
          <p className="section__lead">Aquarists across India grow their tanks with Jalaj.</p>
        </header>
        <ul className="testimonials">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="testimonial">
              <figure>
                <p className="stars" role="img" aria-label={`Rated ${RATING} out of 5`}>
                  {Array.from({ length: RATING }, (_, i) => (
                    <StarIcon key={i} />
                  ))}
                </p>
                <blockquote className="testimonial__quote">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <span className="testimonial__avatar" aria-hidden="true">
                    {t.name.charAt(0)}
                  </span>
                  <span>
                    <span className="testimonial__name">{t.name}</span>
                    <span className="testimonial__city">{t.city}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
