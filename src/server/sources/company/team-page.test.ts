import { describe, expect, it } from 'vitest';
import { peopleOnPage } from './team-page.ts';

describe('peopleOnPage', () => {
  const url = 'https://www.globex.example/leadership';
  const people = (html: string) => peopleOnPage(html, url).map(({ name, title }) => `${name} | ${title}`);

  it('reads cards whose name and title are <span>s in one link (Elementor, Webflow)', () => {
    const html = `<div class="team-grid">
      <a class="team-card" href="/team/ana-souza"><img src="ana.jpg" alt="Ana Souza"><span class="team-card__name">Ana Souza</span><span class="team-card__role">SVP, Global Sales</span></a>
      <a class="team-card" href="/team/ken-oduya"><img src="ken.jpg" alt=""><span class="team-card__name">Dr. Ken Oduya</span><span class="team-card__role">Chief Medical Officer</span></a>
      <a class="team-card" href="/team/siobhan-o-neill"><span class="team-card__name">Siobhán O'Neill (she/her)</span><span class="team-card__role">Head of People &amp; Culture</span></a>
    </div>`;
    expect(people(html)).toEqual([
      'Ana Souza | SVP, Global Sales',
      'Ken Oduya | Chief Medical Officer',
      "Siobhán O'Neill | Head of People & Culture",
    ]);
  });

  it('reads cards that put the title above the name', () => {
    const html = `<section><h2>Our Leadership</h2>
      <div class="card"><p class="eyebrow">Chief Executive Officer</p><h3>Jean-Luc Martin</h3><p>Jean-Luc has led the company since 2015.</p></div>
      <div class="card"><p class="eyebrow">Chief Financial Officer</p><h3>Mary Ann van der Berg</h3><p>She joined from a global bank.</p></div>
      <div class="card"><p class="eyebrow">EVP, Operations</p><h3>J. Robert McAllister Jr.</h3></div>
    </section>`;
    expect(people(html)).toEqual([
      'Jean-Luc Martin | Chief Executive Officer',
      'Mary Ann van der Berg | Chief Financial Officer',
      'J. Robert McAllister Jr. | EVP, Operations',
    ]);
  });

  it('reads "Name, Title" and "Name — Title" lines, and tables', () => {
    const html = `<h2>Board of Directors</h2>
      <ul>
        <li><strong>Margaret Chen</strong>, Chair of the Board</li>
        <li>Eleanor Vance</li>
        <li>Robert Alvarez — Independent Director</li>
        <li>Sarah Kim, PhD, Chief Scientific Officer</li>
        <li>Anil Gupta | Partner, Sequoia Ridge Capital</li>
        <li>Board Committees, Audit and Risk</li>
      </ul>
      <table><tr><th>Name</th><th>Position</th></tr><tr><td>Lucía Fernández</td><td>Treasurer</td></tr></table>`;
    expect(people(html)).toEqual([
      'Margaret Chen | Chair of the Board',
      'Robert Alvarez | Independent Director',
      'Sarah Kim | Chief Scientific Officer',
      'Anil Gupta | Partner, Sequoia Ridge Capital',
      'Lucía Fernández | Treasurer',
    ]);
  });

  it('reads schema.org Person entries in JSON-LD and microdata, once per person', () => {
    const html = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Globex",
        "employee":[{"@type":"Person","name":"Hank Scorpio","jobTitle":"Chief Executive Officer"},
                    {"@type":"Person","givenName":"Frank","familyName":"Grimes","jobTitle":{"@type":"DefinedTerm","name":"Director of Safety"}},
                    {"@type":"Person","name":"No Title Here"}]}</script>
      <script type="application/ld+json">{ broken json </script>
      <div itemscope itemtype="https://schema.org/Person"><a href="/p/hs"><span itemprop="name">Hank Scorpio</span> <span itemprop="jobTitle">CEO</span></a></div>`;
    expect(people(html)).toEqual(['Hank Scorpio | CEO', 'Frank Grimes | Director of Safety']);
  });

  it('finds no one in menus, footers, banners, headlines, testimonials and addresses', () => {
    const html = `<header><nav><ul><li><a href="/about">About Us</a></li><li><a href="/leadership">Our Team</a></li>
        <li><a href="/board">Board of Directors</a></li></ul></nav></header>
      <main>
        <h1>Meet Our Team</h1>
        <h2>Board of Directors</h2><p>Read More</p>
        <h3>Supply Chain</h3><p>Director Guide</p>
        <h3>New York</h3><p>Head Office</p>
        <h3>Austin, Texas</h3><p>Headquarters</p>
        <article><h3>Globex Appoints New Chief Financial Officer</h3><p>Chief Financial Officer to lead the finance team.</p></article>
        <h3>Lena Kowalczyk Joins Globex</h3><p>Chief Revenue Officer will lead sales.</p>
        <figure><blockquote>Globex is great.</blockquote><figcaption>— Sam Porter, Director of Operations, Acme Freight</figcaption></figure>
        <div class="testimonial-card"><p>They answer in minutes.</p><p>Tom Hale</p><p>Logistics Manager, Vandelay Industries</p></div>
        <blockquote><p>Fast and reliable.</p><cite>Jane Roe, VP Logistics, Initrode</cite></blockquote>
        <h3>Customer Stories</h3><p>Case Study Lead</p>
        <p>Priya Raman, our CEO, said the results were strong.</p>
        <h3>Contact Sales</h3><p>Sales Manager</p>
      </main>
      <div id="onetrust-banner-sdk"><h2>Cookie Preferences</h2><p>Privacy Officer</p><button>Accept All Cookies</button></div>
      <footer><h4>Leadership Team</h4><p>Read bio</p><p>© 2025 Globex Corporation, Inc.</p></footer>`;
    expect(people(html)).toEqual([]);
  });
});
